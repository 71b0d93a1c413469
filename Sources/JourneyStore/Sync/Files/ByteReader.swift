/// Reads the parts of a change file, checking every length against what is there.
struct ByteReader {
  var bytes: ArraySlice<UInt8>

  var isAtEnd: Bool { bytes.isEmpty }

  mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
    guard count >= 0, bytes.count >= count else { throw ChangeFileError.malformed("it ends early") }
    let taken = bytes.prefix(count)
    bytes = bytes.dropFirst(count)
    return taken
  }

  mutating func uint32() throws -> UInt32 {
    try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
