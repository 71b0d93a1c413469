import Glibc

/// A file as the system knows it, whatever name reaches it: the device and inode that `stat`
/// reports, or, for a file that does not exist yet, its folder's identity and its name there.
enum FileIdentity: Equatable {
  /// A file that exists.
  case file(device: UInt64, inode: UInt64)
  /// A name in a folder where no file is (yet).
  case vacant(folderDevice: UInt64, folderInode: UInt64, name: String)

  /// The file `path` leads to, through symbolic links; `nil` when not even its folder exists.
  init?(path: String) {
    let target = Self.followingLinks(path)
    var info = stat()
    if stat(target, &info) == 0 {
      self = .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      return
    }
    let (folder, name) = Self.split(target)
    guard stat(folder, &info) == 0 else { return nil }
    self = .vacant(folderDevice: UInt64(info.st_dev), folderInode: UInt64(info.st_ino), name: name)
  }

  /// The path that `path` leads to once every symbolic link in its last component is followed
  /// (at most 40, as the kernel does): where a write through it lands, even where nothing exists
  /// yet. The corresponding C function is `readlink`.
  static func followingLinks(_ path: String) -> String {
    var path = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count > 0 else { return path }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      path = target.hasPrefix("/") ? target : split(path).folder + "/" + target
    }
    return path
  }

  /// A path's folder (`.` when it has none) and last component.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    return (folder, String(path[path.index(after: slash)...]))
  }
}
