#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UUID {
  /// A new random id (version 4, RFC 9562), from the system's random number generator:
  /// `getrandom`, which needs no file descriptor. Foundation's `UUID()` reads `/dev/urandom`
  /// instead, and when it cannot open it (every descriptor in use, a sandbox without it) it
  /// returns the same id every time.
  public static func random() -> UUID {
    var generator = SystemRandomNumberGenerator()
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { raw in
      raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
      raw[6] = raw[6] & 0x0F | 0x40
      raw[8] = raw[8] & 0x3F | 0x80
    }
    return UUID(uuid: value)
  }

  /// The id as roadtrip writes it everywhere: lowercase, `0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001`.
  var lowercasedText: String {
    var bytes: [UInt8] = []
    appendLowercasedText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `lowercasedText`, as UTF-8: written into 36 bytes on the stack and appended at once
  /// (a batch edit writes two ids a journey, and appending byte by byte cost several times more).
  func appendLowercasedText(to bytes: inout [UInt8]) {
    withLowercasedText { bytes.append(contentsOf: $0) }
  }

  /// Hands `body` `lowercasedText` as UTF-8 in 36 bytes on the stack, without making a `String`
  /// (an import binds one id a journey, an update the same text twice: its row and its log row).
  ///
  /// Eight digits at a time, each group of four bits spread into a byte of an integer and made
  /// a digit with no branch: a byte at a time, with a branch for each digit and dash, made
  /// writing the ids a visible part of a sync's receive (BENCHMARKS.md, P12).
  func withLowercasedText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    let (high, low) = withUnsafeBytes(of: uuid) { bytes in
      (
        UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
      Self.writeLowercasedText(high: high, low: low, into: UnsafeMutableRawBufferPointer(text))
      return try body(UnsafeBufferPointer(text))
    }
  }

  /// Writes the text of the id whose first 64 bits are `high` and last 64 `low` (read as
  /// big-endian integers), a lowercase UUID, into the first 36 bytes of `raw`: what
  /// `withLowercasedText` hands over, and what a sync's `JourneyKey` is written back as.
  static func writeLowercasedText(
    high: UInt64, low: UInt64, into raw: UnsafeMutableRawBufferPointer
  ) {
    precondition(raw.count >= 36, "36 bytes for an id's text")
    let groups = (
      digits(UInt32(truncatingIfNeeded: high >> 32)),
      digits(UInt32(truncatingIfNeeded: high)),
      digits(UInt32(truncatingIfNeeded: low >> 32)),
      digits(UInt32(truncatingIfNeeded: low))
    )
    // 8-4-4-4-12 digits, each word's first digit in its least significant byte.
    func put(_ digits: UInt64, at offset: Int) {
      raw.storeBytes(of: digits.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
    func put(_ digits: UInt32, at offset: Int) {
      raw.storeBytes(of: digits.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
    put(groups.0, at: 0)
    put(UInt32(truncatingIfNeeded: groups.1), at: 9)
    put(UInt32(truncatingIfNeeded: groups.1 >> 32), at: 14)
    put(UInt32(truncatingIfNeeded: groups.2), at: 19)
    put(UInt32(truncatingIfNeeded: groups.2 >> 32), at: 24)
    put(groups.3, at: 28)
    let dash = UInt8(ascii: "-")
    (raw[8], raw[13], raw[18], raw[23]) = (dash, dash, dash, dash)
  }

  /// The 8 lowercase hexadecimal digits of `value` as the bytes of an integer, the most
  /// significant digit in its least significant byte (stored little-endian, they read in order).
  @inline(__always)
  private static func digits(_ value: UInt32) -> UInt64 {
    // Each group of four bits into a byte of its own, the most significant in the highest byte.
    var spread = UInt64(value)
    spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
    spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
    spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
    spread = spread.byteSwapped
    // 0-9 to "0"-"9", 10-15 to "a"-"f" (39 further on): a byte holding 10 or more carries into
    // its bit 4 once 6 is added.
    let isLetter = ((spread &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
    return spread &+ 0x3030_3030_3030_3030 &+ isLetter &* 39
  }

  /// Reads an id in its 36-character form, in either case; `nil` for anything else.
  init?<Bytes: Collection<UInt8>>(text: Bytes) {
    guard text.count == 36 else { return nil }
    let contiguous: uuid_t?? = text.withContiguousStorageIfAvailable { Self.uuid(from: $0) }
    let parsed: uuid_t?
    if let contiguous {
      parsed = contiguous
    } else {
      parsed = Array(text).withUnsafeBufferPointer { Self.uuid(from: $0) }
    }
    guard let parsed else { return nil }
    self.init(uuid: parsed)
  }

  /// Reads an id written in full as roadtrip writes ids (36 characters, lowercase); `nil` for
  /// anything else, such as a prefix or an id in capitals.
  public init?(lowercasedText text: String) {
    // Through `withUTF8`: the generic `String.UTF8View` costs many times more for each id.
    var text = text
    guard let id = text.withUTF8({ UUID(lowercasedText: $0) }) else { return nil }
    self = id
  }

  /// Reads an id written in full as roadtrip writes ids, from its UTF-8 bytes.
  init?<Bytes: Collection<UInt8>>(lowercasedText bytes: Bytes) {
    guard Self.isLowercasedText(bytes) else { return nil }
    self.init(text: bytes)
  }

  /// Whether UTF-8 bytes are an id written in full as roadtrip writes ids (36 characters,
  /// lowercase), checked without making the id: an export checks every row's.
  static func isLowercasedText<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    guard bytes.count == 36 else { return false }
    for (position, byte) in bytes.enumerated() {
      let isValid =
        switch position {
        case 8, 13, 18, 23: byte == UInt8(ascii: "-")
        default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
      guard isValid else { return false }
    }
    return true
  }

  /// The 16 bytes of an id written as 36 characters, or `nil`.
  private static func uuid(from text: UnsafeBufferPointer<UInt8>) -> uuid_t? {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &value) { raw -> Bool in
      var position = 0
      for index in 0..<16 {
        if position == 8 || position == 13 || position == 18 || position == 23 {
          guard text[position] == UInt8(ascii: "-") else { return false }
          position += 1
        }
        guard let high = nibble(text[position]), let low = nibble(text[position + 1]) else { return false }
        raw[index] = high << 4 | low
        position += 2
      }
      return true
    }
    return parsed ? value : nil
  }

  private static func nibble(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
