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
  /// checks the text, then parses it, then copies the bytes, and a sync reads each id four
  /// times: BENCHMARKS.md, P12), eight digits at a time: each byte checked and made a digit's
  /// value with no branch (a branch a byte costs several times more).
  init?(lowercasedText bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 36, let text = bytes.baseAddress else { return nil }
    let dash = UInt8(ascii: "-")
    guard text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else {
      return nil
    }
    let raw = UnsafeRawPointer(text)
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func half(_ offset: Int) -> UInt64 {
      UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    // 8-4-4-4-12: the digits in four words of eight.
    guard let first = Self.value(ofDigits: word(0)),
      let second = Self.value(ofDigits: half(9) | half(14) << 32),
      let third = Self.value(ofDigits: half(19) | half(24) << 32),
      let fourth = Self.value(ofDigits: word(28))
    else { return nil }
    (high, low) = (first << 32 | second, third << 32 | fourth)
  }

  /// The value of 8 lowercase hexadecimal digits, the first in the least significant byte of
  /// `digits`, or `nil` when a byte is not one.
  @inline(__always)
  private static func value(ofDigits digits: UInt64) -> UInt64? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits = ones &* 0x80
    // With every byte under 0x80, adding 0x80 - n to each sets its high bit exactly when it is
    // n or more, and carries into no other byte.
    func atLeast(_ n: UInt64) -> UInt64 { digits &+ ones &* (0x80 - n) }
    let isDecimal = atLeast(0x30) & ~atLeast(0x3A)
    let isLetter = atLeast(0x61) & ~atLeast(0x67)
    guard digits & highBits == 0, (isDecimal | isLetter) & highBits == highBits else {
      return nil
    }
    // "0"-"9" are 0x30-0x39, "a"-"f" 0x61-0x66 (bit 6 set): the low four bits, and 9 for a
    // letter.
    var value = (digits & (ones &* 0x0F)) &+ ((digits >> 6) & ones) &* 9
    // Each pair of digits into a byte (the first the more significant), then the bytes together,
    // the first the most significant.
    value = (value << 4 | value >> 8) & 0x00FF_00FF_00FF_00FF
    value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
    value = (value | value >> 16) & 0xFFFF_FFFF
    return UInt64(UInt32(truncatingIfNeeded: value).byteSwapped)
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
