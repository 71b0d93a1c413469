import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Feeds bytes into a pipe from a thread of its own, in small pieces, as a slow producer on the
/// other side of `|` would: the reader's `read` returns a few bytes at a time, anywhere inside a
/// record or a UTF-8 sequence.
enum PipeFeeder {
  /// Starts `roadtrip` with its standard input the read end of a pipe, and writes `bytes` into it
  /// `pieceSize` bytes per `write`, pausing now and then so that the reader catches up; the write
  /// end is closed after the last byte, or when the reader has gone.
  static func start(
    _ arguments: [String], in sandbox: CLISandbox, feeding bytes: [UInt8], pieceSize: Int
  ) throws -> Child {
    // A reader that refuses the input early closes the pipe: the writer gets EPIPE, not a signal.
    signal(SIGPIPE, SIG_IGN)
    let pipe = Pipe()
    let child = try sandbox.start(arguments, input: pipe.fileHandleForReading)
    // Only the child reads: with the test's copy of the read end closed, a writer whose reader
    // has gone gets EPIPE instead of blocking on a full pipe.
    try? pipe.fileHandleForReading.close()
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread {
      var offset = 0
      var pieces = 0
      while offset < bytes.count {
        let count = min(pieceSize, bytes.count - offset)
        let written = bytes.withUnsafeBytes { write(writer.fileDescriptor, $0.baseAddress! + offset, count) }
        if written < 0 {
          if errno == EINTR { continue }
          break
        }
        offset += written
        pieces += 1
        if pieces % 256 == 0 { usleep(200) }
      }
      try? writer.close()
    }
    return child
  }
}
