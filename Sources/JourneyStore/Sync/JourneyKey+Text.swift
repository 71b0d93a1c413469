extension JourneyKey {
  /// The id's text, a lowercase UUID: written from the two integers straight into the string's
  /// 36 bytes (through `UUID.lowercasedText`, an array first, 1,500 instructions an id: a sync
  /// makes one for every journey whose registers it saves).
  var lowercasedText: String {
    String(unsafeUninitializedCapacity: 36) { text in
      // 8-4-4-4-12 digits: the high bits the first 16, the low bits the last 16.
      Self.write(high, into: text, from: 0, dashes: (8, 13))
      Self.write(low, into: text, from: 18, dashes: (18, 23))
      return 36
    }
  }

  /// Writes the 64 bits of `value` as 16 lowercase hexadecimal digits from `start`, the most
  /// significant first, with a dash at each position of `dashes` they reach.
  private static func write(
    _ value: UInt64, into text: UnsafeMutableBufferPointer<UInt8>, from start: Int,
    dashes: (Int, Int)
  ) {
    var position = start
    for digit in 0..<16 {
      if position == dashes.0 || position == dashes.1 {
        text[position] = UInt8(ascii: "-")
        position += 1
      }
      let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(digit))) & 0xF
      text[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
      position += 1
    }
  }
}
