import Glibc

/// A file written as `>` would write it, but whole or not at all: a regular file (or a new one)
/// is written to a temporary file beside it (mode 0600), then renamed over it; a FIFO, a device
/// or anything else that is not a regular file is written into, as it is. A symbolic link is
/// followed: what it points to is written, and the link stays.
enum OutputFile {
  /// Writes `path` with what `body` writes to the output it is given.
  /// - Throws: What `body` throws, or `CommandError.cannotWriteOutput`; a regular file is
  ///   untouched then.
  static func replace(_ path: String, _ body: (BufferedOutput) throws -> Void) throws {
    let target = FileIdentity.followingLinks(path)
    var info = stat()
    if stat(target, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
      try writeInto(target, named: path, body)
    } else {
      try replaceWhole(target, named: path, body)
    }
  }

  /// Writes into what is at `target` (a FIFO, a device), opened as `>` opens it.
  private static func writeInto(_ target: String, named path: String, _ body: (BufferedOutput) throws -> Void) throws {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    try body(BufferedOutput(descriptor: descriptor, destination: path))
  }

  /// Writes a temporary file beside `target` and renames it over `target` once complete.
  private static func replaceWhole(_ target: String, named path: String, _ body: (BufferedOutput) throws -> Void) throws {
    var template = Array((target + ".roadtrip-XXXXXX").utf8CString)
    // glibc's mkstemp names the file from getrandom, which needs no file descriptor.
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
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
