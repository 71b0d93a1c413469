import Glibc

/// A file written as `>` would write it, but whole or not at all: a new file (mode 0600) or a
/// regular file is written to a temporary file beside it, then renamed over it, keeping an
/// existing file's mode and owner. A regular file that a rename would part from its other names
/// (hard links), or whose folder takes no new file, is written to a temporary file elsewhere and
/// copied into it once complete. A FIFO, a device or anything else that is not a regular file is
/// written into as it is, and so is this process's standard output named as `/dev/stdout`. A
/// symbolic link is followed: what it points to is written, and the link stays.
enum OutputFile {
  /// Writes `path` with what `body` writes to the output it is given.
  /// - Throws: What `body` throws, or `CommandError.cannotWriteOutput`; a regular file is
  ///   untouched then (but for a failure while a complete output is copied into it).
  static func replace(_ path: String, _ body: (BufferedOutput) throws -> Void) throws {
    if standardOutputNames.contains(path) {
      return try body(BufferedOutput(descriptor: STDOUT_FILENO, destination: path))
    }
    var info = stat()
    // stat follows links, /proc's links to pipes and sockets included.
    guard stat(path, &info) == 0 else {
      return try replaceWhole(FileIdentity.followingLinks(path), named: path, existing: nil, body)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return try writeInto(path, body)
    }
    guard info.st_nlink == 1 else {
      return try copyWhole(into: path, body)
    }
    do {
      try replaceWhole(FileIdentity.followingLinks(path), named: path, existing: info, body)
    } catch TemporaryFileRefusal.refused {
      try copyWhole(into: path, body)
    }
  }

  /// The names of this process's standard output: written to it as it is, whatever it is (a
  /// file opened for appending by `>>` stays so).
  static let standardOutputNames: Set = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

  /// Why no temporary file could be made beside the destination (its folder is not writable).
  private enum TemporaryFileRefusal: Error {
    case refused
  }

  /// Writes into what is at `path` (a FIFO, a device), opened as `>` opens it.
  private static func writeInto(_ path: String, _ body: (BufferedOutput) throws -> Void) throws {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw cannotWrite(path)
    }
    defer { close(descriptor) }
    try body(BufferedOutput(descriptor: descriptor, destination: path))
  }

  /// Writes a temporary file in `$TMPDIR` (else `/tmp`), removed from its folder at once, and
  /// copies it into the regular file at `path` once complete, as `>` writes it: the file keeps
  /// its identity, its other names, its mode and its owner.
  private static func copyWhole(into path: String, _ body: (BufferedOutput) throws -> Void) throws {
    let folder = Environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((folder + "/roadtrip-export-XXXXXX").utf8CString)
    let scratch = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard scratch >= 0 else {
      throw cannotWrite(path)
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    defer { close(scratch) }
    try body(BufferedOutput(descriptor: scratch, destination: path))
    let destination = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard destination >= 0 else {
      throw cannotWrite(path)
    }
    defer { close(destination) }
    let size = lseek(scratch, 0, SEEK_END)
    var offset: off_t = 0
    while offset < size {
      guard sendfile(destination, scratch, &offset, Int(size - offset)) > 0 else { throw cannotWrite(path) }
    }
    guard size >= 0, fsync(destination) == 0 else { throw cannotWrite(path) }
  }

  /// The error of a write to `path` that failed, saying why (`errno`).
  private static func cannotWrite(_ path: String) -> CommandError {
    CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
  }

  /// Writes a temporary file beside `target` and renames it over `target` once complete, with
  /// the mode and owner of the file it replaces (`existing`).
  /// - Throws: `TemporaryFileRefusal.refused` when the folder takes no new file but `target`
  ///   exists; else as `replace(_:_:)`.
  private static func replaceWhole(
    _ target: String, named path: String, existing: stat?, _ body: (BufferedOutput) throws -> Void
  ) throws {
    var template = Array((target + ".roadtrip-XXXXXX").utf8CString)
    // glibc's mkstemp names the file from getrandom, which needs no file descriptor.
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      if existing != nil && (errno == EACCES || errno == EPERM || errno == EROFS) { throw TemporaryFileRefusal.refused }
      throw cannotWrite(path)
    }
    if let existing {
      // Owner first: changing it clears set-id bits, which the mode then puts back.
      _ = fchown(descriptor, existing.st_uid, existing.st_gid)
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    ProcessSetup.temporaryFile = strdup(temporary)
    defer {
      let file = ProcessSetup.temporaryFile
      ProcessSetup.temporaryFile = nil
      free(file)
    }
    do {
      defer { close(descriptor) }
      try body(BufferedOutput(descriptor: descriptor, destination: path))
      guard fsync(descriptor) == 0 else {
        throw cannotWrite(path)
      }
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, target) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CommandError.cannotWriteOutput(destination: path, reason: reason)
    }
  }
}
