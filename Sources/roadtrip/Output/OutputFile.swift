import Glibc

/// A file written whole or not at all: written to a temporary file beside it (mode 0600), then
/// renamed over it.
enum OutputFile {
  /// Writes `path` with what `body` writes to the output it is given.
  /// - Throws: What `body` throws, or `CommandError.cannotWriteOutput`; the file is untouched then.
  static func replace(_ path: String, _ body: (BufferedOutput) throws -> Void) throws {
    var template = Array((path + ".roadtrip-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
    }
    let temporary = String(cString: template)
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
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CommandError.cannotWriteOutput(destination: path, reason: reason)
    }
  }
}
