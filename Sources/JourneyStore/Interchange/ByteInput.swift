#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read from a file descriptor in large chunks, for scanners that read records in place:
/// a record that runs past the end of the buffer is read again once more bytes have come in.
final class ByteInput {
  /// The bytes read and not yet consumed, from `position` to the end.
  private(set) var buffer: [UInt8] = []
  /// The first byte not yet consumed.
  var position = 0
  /// Whether the input has ended: no bytes will follow those in `buffer`.
  private(set) var isAtEnd = false
  private let descriptor: Int32?
  private let chunkSize: Int

  /// Input read from a file descriptor, which stays open and owned by the caller.
  init(descriptor: Int32, chunkSize: Int = 1 << 18) {
    self.descriptor = descriptor
    self.chunkSize = chunkSize
  }

  /// Input that is all in memory already.
  init(bytes: [UInt8]) {
    buffer = bytes
    descriptor = nil
    chunkSize = 0
    isAtEnd = true
  }

  /// Drops the consumed bytes and reads more; the corresponding C function is `read`.
  /// - Returns: `false` when the input had already ended.
  /// - Throws: `InterchangeError.unreadable` when reading fails.
  func readMore() throws(InterchangeError) -> Bool {
    guard !isAtEnd, let descriptor else { return false }
    if position > 0 {
      buffer.removeSubrange(0..<position)
      position = 0
    }
    let start = buffer.count
    let wanted = Swift.max(chunkSize, start)
    buffer.append(contentsOf: repeatElement(0, count: wanted))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + start, wanted)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        buffer.removeSubrange(start...)
        throw .unreadable(String(cString: strerror(errno)))
      }
      buffer.removeSubrange((start + count)...)
      if count == 0 { isAtEnd = true }
      return true
    }
  }
}
