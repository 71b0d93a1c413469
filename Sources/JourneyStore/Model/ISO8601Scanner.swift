/// Reads `YYYY-MM-DD[(T| )hh:mm[:ss[.fraction]]][Z|±hh[:mm]]` from UTF-8, strictly: nothing may follow.
///
/// It reads the bytes where they lie, valid for as long as the scanner is used: an import reads
/// two dates a journey straight from its input, with no copy.
struct ISO8601Scanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The civil time and, when the text names one, its offset from UTC in seconds.
  mutating func scan() -> (CivilTime, offset: Int64?)? {
    guard let year = number(digits: 4), take("-"), let month = number(digits: 2), take("-"),
      let day = number(digits: 2)
    else { return nil }
    var civil = CivilTime(year: year, month: month, day: day)
    var offset: Int64?
    if take("T") || take("t") || take(" ") {
      guard let hour = number(digits: 2), take(":"), let minute = number(digits: 2) else { return nil }
      (civil.hour, civil.minute) = (hour, minute)
      if take(":") {
        guard let second = number(digits: 2) else { return nil }
        civil.second = second
        if take(".") || take(",") {
          guard let fraction = fraction() else { return nil }
          civil.fraction = fraction
        }
      }
      if take("Z") || take("z") {
        offset = 0
      } else if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        index += 1
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes: Int64 = 0
        if index < bytes.count {
          _ = take(":")
          guard let value = number(digits: 2), value <= 59 else { return nil }
          minutes = value
        }
        offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
      }
    }
    guard index == bytes.count, civil.isValid else { return nil }
    return (civil, offset)
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard peek() == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private mutating func number(digits count: Int) -> Int64? {
    guard index + count <= bytes.count else { return nil }
    var value: Int64 = 0
    for byte in bytes[index..<index + count] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    index += count
    return value
  }

  /// Decimal digits after the separator, as a fraction of a second in `0..<1`.
  private mutating func fraction() -> Double? {
    let start = index
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    guard index > start else { return nil }
    return Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
  }
}
