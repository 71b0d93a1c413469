#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey id written as roadtrip writes ids (a lowercase UUID), as its 128 bits: what a sync
/// hashes, compares and sorts its journeys by. Read from the id's UTF-8 bytes in place (a row
/// of a table scan makes no `String`), hashed as 16 bytes rather than 36 characters, compared as
/// two integers; lowercase UUID text sorts as these bits do.
struct JourneyKey: Hashable, Comparable {
  let high: UInt64
  let low: UInt64

  /// The key of an id's UTF-8 bytes, or `nil` for any text other than a lowercase UUID (another
  /// program's id: a sync finds those by their text).
  ///
  /// Read in one pass straight into the two integers (through `UUID(lowercasedText:)`, which
  /// checks the text, then parses it, then copies the bytes, a sync's four reads of each id
  /// were 5% of receiving 100,000 journeys: BENCHMARKS.md, P12).
  init?(lowercasedText bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 36, let text = bytes.baseAddress else { return nil }
    let dash = UInt8(ascii: "-")
    guard text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else {
      return nil
    }
    // Group by group, with no branch a digit: a quarter fewer instructions than a test of the
    // dashes' positions and a branch for each kind of digit at every character (BENCHMARKS.md).
    var high: UInt64 = 0
    var low: UInt64 = 0
    var isHex = true
    Self.accumulate(text, 0..<8, into: &high, isHex: &isHex)
    Self.accumulate(text, 9..<13, into: &high, isHex: &isHex)
    Self.accumulate(text, 14..<18, into: &high, isHex: &isHex)
    Self.accumulate(text, 19..<23, into: &low, isHex: &isHex)
    Self.accumulate(text, 24..<36, into: &low, isHex: &isHex)
    guard isHex else { return nil }
    (self.high, self.low) = (high, low)
  }

  /// Shifts the lowercase hexadecimal digits at `positions` into `value`; `isHex` turns false
  /// at a character that is not one.
  @inline(__always)
  private static func accumulate(
    _ text: UnsafePointer<UInt8>, _ positions: Range<Int>, into value: inout UInt64,
    isHex: inout Bool
  ) {
    for position in positions {
      let byte = text[position]
      let decimal = byte &- UInt8(ascii: "0")
      let letter = byte &- UInt8(ascii: "a")
      let isDecimal = decimal < 10
      isHex = isHex && (isDecimal || letter < 6)
      value = value << 4 | UInt64(isDecimal ? decimal : letter &+ 10) & 0xF
    }
  }

  /// The key of an id's text, or `nil` for any text other than a lowercase UUID.
  init?(lowercasedText text: String) {
    var text = text
    guard let key = text.withUTF8({ JourneyKey(lowercasedText: $0) }) else { return nil }
    self = key
  }

  init(_ id: UUID) {
    (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
      (
        UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// The id these bits are.
  var id: UUID {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { raw in
      raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
    }
    return UUID(uuid: value)
  }

  static func < (left: JourneyKey, right: JourneyKey) -> Bool {
    (left.high, left.low) < (right.high, right.low)
  }
}
