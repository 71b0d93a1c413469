import Glibc

/// A file written as `>` would write it, but whole or not at all where that can be had: a new
/// file (mode 0600) or a regular file is written to a temporary file beside it, then renamed over
/// it, keeping an existing file's mode and owner. A FIFO, a device, standard output named as
/// `/dev/stdout`, or anything else that is not a regular file is written into, as it is; so is a
/// regular file with other names (hard links, which a rename would part from it) or in a folder
/// where no temporary file can be made. A symbolic link is followed: what it points to is
/// written, and the link stays.
enum OutputFile {
  /// Writes `path` with what `body` writes to the output it is given.
  /// - Throws: What `body` throws, or `CommandError.cannotWriteOutput`; a file replaced whole is
  ///   untouched then.
  static func replace(_ path: String, _ body: (BufferedOutput) throws -> Void) throws {
    var info = stat()
    // stat follows links, /proc's links to pipes and sockets (/dev/stdout) included.
    guard stat(path, &info) == 0 else {
      return try replaceWhole(FileIdentity.followingLinks(path), named: path, existing: nil, body)
    }
    guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
      return try writeInto(path, truncating: info.st_mode & S_IFMT == S_IFREG, body)
    }
    do {
      try replaceWhole(FileIdentity.followingLinks(path), named: path, existing: info, body)
    } catch TemporaryFileRefusal.refused {
      try writeInto(path, truncating: true, body)
    }
  }

  /// Why no temporary file could be made beside the destination (its folder is not writable).
  private enum TemporaryFileRefusal: Error {
    case refused
  }

  /// Writes into what is at `path` (a FIFO, a device, a file), opened as `>` opens it.
  private static func writeInto(_ path: String, truncating: Bool, _ body: (BufferedOutput) throws -> Void) throws {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | (truncating ? O_TRUNC : 0))
    guard descriptor >= 0 else {
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    try body(BufferedOutput(descriptor: descriptor, destination: path))
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
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
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
        throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
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
