/// Reads the parts of a register blob (`RegisterEncoding`) where they lie, checking every count
/// against what is left; what it was reading names the damage (built only when there is some).
struct RegisterReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { offset == bytes.count }

  var remaining: Int { bytes.count - offset }

  mutating func byte(for what: @autoclosure () -> String) throws(RegisterEncoding.Damage)
    -> UInt8
  {
    guard offset < bytes.count else { throw Self.endsEarly(what()) }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// 8 bytes, the least significant first.
  mutating func fixed(for what: @autoclosure () -> String) throws(RegisterEncoding.Damage)
    -> UInt64
  {
    guard remaining >= 8 else { throw Self.endsEarly(what()) }
    var value: UInt64 = 0
    for index in (offset..<offset + 8).reversed() { value = value << 8 | UInt64(bytes[index]) }
    offset += 8
    return value
  }

  /// A varint: 7 bits a byte, the least significant first, at most 10 bytes.
  mutating func varint(for what: @autoclosure () -> String) throws(RegisterEncoding.Damage)
    -> UInt64
  {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < bytes.count else { throw Self.endsEarly(what()) }
      let byte = bytes[offset]
      offset += 1
      guard shift < 63 || (shift == 63 && byte <= 1) else {
        throw RegisterEncoding.Damage(reason: "\(what()) is a number of more than 64 bits")
      }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// A varint count, then that many bytes, handed back where they lie.
  mutating func counted(for what: @autoclosure () -> String) throws(RegisterEncoding.Damage)
    -> UnsafeBufferPointer<UInt8>
  {
    let count = try varint(for: what())
    guard count <= UInt64(remaining) else {
      throw RegisterEncoding.Damage(
        reason: "\(what()) says it has \(count) bytes, but \(remaining) are left")
    }
    defer { offset += Int(count) }
    return UnsafeBufferPointer(rebasing: bytes[offset..<offset + Int(count)])
  }

  private static func endsEarly(_ what: String) -> RegisterEncoding.Damage {
    RegisterEncoding.Damage(reason: "it ends before \(what)")
  }
}
