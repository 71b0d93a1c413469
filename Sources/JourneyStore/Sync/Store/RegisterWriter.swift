/// Writes the parts of a register blob (`RegisterEncoding`) into a buffer its caller made large
/// enough for them.
struct RegisterWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  mutating func append(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  /// 8 bytes, the least significant first.
  mutating func appendFixed(_ value: UInt64) {
    for shift in stride(from: 0 as UInt64, to: 64, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// A varint: 7 bits a byte, the least significant first, every byte but the last with its
  /// high bit set.
  mutating func appendVarint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    append(UInt8(value))
  }

  /// A varint count, then the bytes.
  mutating func appendCounted(_ content: UnsafeBufferPointer<UInt8>) {
    appendVarint(UInt64(content.count))
    guard let base = content.baseAddress, !content.isEmpty else { return }
    (buffer.baseAddress! + count).update(from: base, count: content.count)
    count += content.count
  }
}
