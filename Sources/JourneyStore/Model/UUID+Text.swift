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
  /// (a batch edit writes two ids a journey; byte by byte, each cost 1,600 instructions).
  func appendLowercasedText(to bytes: inout [UInt8]) {
    withLowercasedText { bytes.append(contentsOf: $0) }
  }

  /// Hands `body` `lowercasedText` as UTF-8 in 36 bytes on the stack, without making a `String`
  /// (an import binds one id a journey).
  func withLowercasedText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
    return try withUnsafeBytes(of: uuid) { raw in
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
        var position = 0
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[position] = UInt8(ascii: "-")
            position += 1
          }
          text[position] = hexDigit(raw[index] >> 4)
          text[position + 1] = hexDigit(raw[index] & 0x0F)
          position += 2
        }
        return try body(UnsafeBufferPointer(text))
      }
    }
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
    // Through `withUTF8`: read through the generic `String.UTF8View`, an id took 4,000 instructions.
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
