#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes read from a file descriptor in large chunks, for scanners that read records in place:
/// a record that runs past the end of the buffer is read again once more bytes have come in.
///
/// Each `readMore()` reads until it has doubled what is pending, however few bytes each `read`
/// returns (a pipe hands them over in small pieces), as long as more bytes are there to read; so a
/// long record is scanned again a logarithmic number of times, and reading stays linear in the size
/// of the input. When no more bytes are there (a producer that pauses), it returns what it has,
/// so that a record that is complete, or malformed, is seen at once: at once for a small pending
/// record, within `patience` for a large one, whose scanning again costs more.
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

  /// The number of bytes read and not yet consumed.
  var pendingCount: Int {
    buffer.count - position
  }

  /// Drops the consumed bytes and reads a chunk, or as many bytes as are pending if that is more,
  /// up to `maximumPending` pending in all; it returns earlier at the end of the input, or when no
  /// more bytes are there for now (see the type's documentation). The corresponding C function is
  /// `read`.
  /// - Returns: `false` when the input had already ended.
  /// - Throws: `InterchangeError.unreadable` when reading fails.
  func readMore(maximumPending: Int = .max) throws(InterchangeError) -> Bool {
    guard !isAtEnd, let descriptor else { return false }
    if position > 0 {
      buffer.removeSubrange(0..<position)
      position = 0
    }
    let start = buffer.count
    let wanted = Swift.max(1, Swift.min(Swift.max(chunkSize, start), maximumPending - start))
    buffer.append(contentsOf: repeatElement(0, count: wanted))
    var filled = 0
    while filled < wanted {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + start + filled, wanted - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        buffer.removeSubrange(start...)
        throw .unreadable(String(cString: strerror(errno)))
      }
      if count == 0 {
        isAtEnd = true
        break
      }
      filled += count
      let pending = start + filled
      guard filled >= wanted || Self.hasBytes(descriptor, within: pending >= Self.largePending ? Self.patience : 0) else {
        break
      }
    }
    buffer.removeSubrange((start + filled)...)
    return true
  }

  /// Pending bytes past which `readMore()` waits up to `patience` for more before it returns.
  private static let largePending = 1 << 16
  /// How long `readMore()` waits for more bytes of a large pending record, in milliseconds.
  private static let patience: Int32 = 10

  /// Whether bytes (or the end of the input) can be read from a descriptor without waiting
  /// longer than `milliseconds`; the corresponding C function is `poll`.
  private static func hasBytes(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&request, 1, milliseconds)
      if ready < 0 && errno == EINTR { continue }
      return ready > 0
    }
  }

  /// Skips a UTF-8 byte-order mark (EF BB BF) at the current position, reading as much as it
  /// takes to tell.
  /// - Throws: `InterchangeError.unreadable` when reading fails.
  func skipByteOrderMark() throws(InterchangeError) {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    while pendingCount < mark.count, try readMore() {}
    if buffer[position...].starts(with: mark) { position += mark.count }
  }
}
