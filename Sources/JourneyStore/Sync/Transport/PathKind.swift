import Glibc

/// What a path names on the disk, following symbolic links.
enum PathKind: Equatable {
  case missing, folder, file, other
}

extension PathKind {
  /// What `path` names now. The corresponding C function is `stat`.
  init(of path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      self = .missing
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: self = .folder
    case S_IFREG: self = .file
    default: self = .other
    }
  }
}
