#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TimeInterval {
  /// Reads a duration as people type it: `45m`, `90min`, `1h30m`, `1h30` (the number after the
  /// last unit counts in the next smaller one), `1h 30m`, `2 hours`, `2d`, `90s`, `1.5h` or `1,5h`
  /// (a decimal comma), `1:30:00` (hours, minutes, seconds), `1:30` (hours and minutes), ISO 8601
  /// (`PT1H30M`, `PT45M`, `P1D`, `P1W`; no years or months, which have no one length) or a plain
  /// number of seconds. The one reader of a typed duration: `add`, `set`, the editor, shifts
  /// (`+1h30`) and the configured default duration all read it here.
  ///
  /// Reading is linear in the length of the text and never recursive, whatever it holds.
  /// - Throws: `JourneyInputError.invalidDuration`, `.negativeDuration` for a negative one, or
  ///   `.durationTooLong` for one that no journey can last (`Journey.longestDuration` or more).
  init(parsingDuration text: String) throws(JourneyInputError) {
    // Plain seconds, as JSON and CSV hold them, need neither trimming nor the other forms.
    if let seconds = Self.seconds(plain: Substring(text)) {
      self = try Self.checked(seconds, text)
      return
    }
    var trimmed = Substring(text)
    while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    let isNegative = trimmed.first == "-"
    let body = isNegative ? trimmed.dropFirst() : trimmed
    guard let seconds = Self.seconds(plain: body) ?? Self.seconds(clock: body) ?? Self.seconds(units: body)
      ?? Self.seconds(iso8601: body)
    else {
      throw .invalidDuration(text)
    }
    if isNegative { throw .negativeDuration(text) }
    self = try Self.checked(seconds, text)
  }

  /// A whole number of seconds written as decimal digits alone (`5400`), as JSON and CSV hold a
  /// duration, read from its UTF-8 bytes with no `String` and no floating-point parse; `nil` for
  /// any other text, and for a duration no journey can last, which `init(parsingDuration:)`
  /// reads (or refuses) as it reads every form.
  init?(wholeSecondsUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    // At most 15 digits: exact as an integer and as a `Double` alike.
    guard (1...15).contains(bytes.count) else { return nil }
    var value: Int64 = 0
    for byte in bytes {
      guard Self.isDigit(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    guard TimeInterval(value) < Journey.longestDuration else { return nil }
    self = TimeInterval(value)
  }

  /// A duration read from `text`, refused when no journey can last that long.
  private static func checked(_ seconds: TimeInterval, _ text: String) throws(JourneyInputError) -> TimeInterval {
    guard seconds < Journey.longestDuration else { throw .durationTooLong(text) }
    return seconds
  }

  /// The canonical text of a duration: its seconds, without a fraction when it has none (`5400`).
  var secondsText: String {
    var bytes: [UInt8] = []
    appendSecondsText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `secondsText`, as UTF-8, without making a string when the duration is whole.
  ///
  /// Any `Double` has a text: one that no journey can have (`nan`, `inf`, `1e+300`) is written as
  /// Swift writes it.
  func appendSecondsText(to bytes: inout [UInt8]) {
    guard self == rounded(), abs(self) < 9_007_199_254_740_992 else {
      bytes.append(contentsOf: String(self).utf8)
      return
    }
    var value = Int64(self)
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      value = -value
    }
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
      value /= 10
    } while value > 0
    bytes[start...].reverse()
  }

  /// A decimal number of seconds: digits, at most one `.`, an exponent (`1e3`), no sign; one too
  /// large for a `Double` is infinite, and `checked` refuses it.
  private static func seconds(plain text: Substring) -> TimeInterval? {
    guard let first = text.utf8.first, isDigit(first) || first == UInt8(ascii: "."), isDecimal(text),
      let value = Double(text), value >= 0 else { return nil }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Whether a number is written in decimal: `Double(_:)` also reads hexadecimal (`0x10`), `nan`
  /// and `inf`.
  private static func isDecimal(_ text: Substring) -> Bool {
    text.utf8.allSatisfy { isDigit($0) || "+-.eE".utf8.contains($0) }
  }

  /// Whether the text is digits with at most one `.` among them: a number without sign or
  /// exponent.
  private static func isFixedPoint(_ text: Substring) -> Bool {
    var dots = 0
    for byte in text.utf8 where !isDigit(byte) {
      guard byte == UInt8(ascii: "."), dots == 0 else { return false }
      dots += 1
    }
    return text.utf8.count > dots
  }

  /// `h:mm` or `h:mm:ss`, seconds possibly with a fraction (`1:30:05.5`), never with an exponent.
  private static func seconds(clock text: Substring) -> TimeInterval? {
    let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts[0].utf8.allSatisfy(isDigit), let hours = UInt32(parts[0]),
      parts[1].utf8.count == 2, parts[1].utf8.allSatisfy(isDigit), let minutes = UInt8(parts[1]), minutes < 60
    else { return nil }
    var seconds = 0.0
    if parts.count == 3 {
      let second = parts[2]
      guard second.utf8.count >= 2, second.utf8.first.map(isDigit) == true, isFixedPoint(second),
        let value = Double(second), value < 60
      else { return nil }
      seconds = value
    }
    return TimeInterval(hours) * 3600 + TimeInterval(minutes) * 60 + seconds
  }

  /// One or more `NUMBER UNIT` parts, units `d`, `h`, `m`, `s` in either case, or spelled out
  /// (`min`, `mins`, `minutes`, `hr`, `hours`, `sec`, `days`), each at most once and in that order;
  /// numbers are digits with at most one `.` or `,` (a decimal comma, as much of Europe writes
  /// it). A whole number after the last unit counts in the next smaller one: `1h30` is `1h30m`,
  /// `2m30` is `2m30s`.
  private static func seconds(units text: Substring) -> TimeInterval? {
    // The rest of each unit's spelled-out names (`90min`, `2 hours`, `1hr 5mins`), longest first.
    let units: [(symbol: UInt8, seconds: TimeInterval, spellings: [String])] = [
      (UInt8(ascii: "d"), 86_400, ["ays", "ay"]), (UInt8(ascii: "h"), 3600, ["ours", "our", "rs", "r"]),
      (UInt8(ascii: "m"), 60, ["inutes", "inute", "ins", "in"]), (UInt8(ascii: "s"), 1, ["econds", "econd", "ecs", "ec"]),
    ]
    let bytes = Array(text.utf8)
    var index = 0
    var nextUnit = 0
    var total = 0.0
    func skipSpaces() {
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    }
    while index < bytes.count {
      let start = index
      while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
        index += 1
      }
      let number = decimalPoint(Substring(decoding: bytes[start..<index], as: UTF8.self))
      skipSpaces()
      if index == bytes.count, nextUnit > 0, nextUnit < units.count, number.utf8.allSatisfy(isDigit), let value = Double(number) {
        // `1h30`: the bare number after the last unit is in the next one.
        return total + value * units[nextUnit].seconds
      }
      guard isFixedPoint(number), let value = Double(number), index < bytes.count,
        let unit = units[nextUnit...].firstIndex(where: { $0.symbol == bytes[index] | 0x20 })
      else { return nil }
      total += value * units[unit].seconds
      nextUnit = unit + 1
      index += 1
      if let spelling = units[unit].spellings.first(where: { rest in
        index + rest.utf8.count <= bytes.count && zip(bytes[index...], rest.utf8).allSatisfy { $0 | 0x20 == $1 }
      }) {
        index += spelling.utf8.count
      }
      skipSpaces()
      if nextUnit == units.count, index < bytes.count { return nil }
    }
    return nextUnit > 0 ? total : nil
  }

  /// A number written with a decimal comma (`1,5`), as a decimal point reads it (`1.5`).
  private static func decimalPoint(_ number: Substring) -> Substring {
    number.utf8.contains(UInt8(ascii: ",")) ? Substring(number.map { $0 == "," ? "." : $0 }) : number
  }

  /// An ISO 8601 duration: `P`, then weeks (`P2W`) or days, and after `T` hours, minutes and
  /// seconds (`PT1H30M`, `P1DT2H`, `PT0,5H`), each at most once and in that order, in either
  /// case. Years and months (`P1Y`, `P1M`) have no one length in seconds and are refused.
  private static func seconds(iso8601 text: Substring) -> TimeInterval? {
    let bytes = Array(text.utf8).map { $0 | 0x20 }
    guard bytes.count >= 3, bytes[0] == UInt8(ascii: "p") else { return nil }
    let dateUnits: [(UInt8, TimeInterval)] = [(UInt8(ascii: "w"), 7 * 86_400), (UInt8(ascii: "d"), 86_400)]
    let timeUnits: [(UInt8, TimeInterval)] = [(UInt8(ascii: "h"), 3600), (UInt8(ascii: "m"), 60), (UInt8(ascii: "s"), 1)]
    var units = dateUnits
    var next = 0
    var total = 0.0
    var parts = 0
    var index = 1
    var inTime = false
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "t"), !inTime {
        (inTime, units, next) = (true, timeUnits, 0)
        index += 1
        guard index < bytes.count else { return nil }
        continue
      }
      let start = index
      while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
        index += 1
      }
      let number = decimalPoint(Substring(decoding: text.utf8.dropFirst(start).prefix(index - start), as: UTF8.self))
      guard isFixedPoint(number), let value = Double(number), index < bytes.count,
        let unit = units[next...].firstIndex(where: { $0.0 == bytes[index] })
      else { return nil }
      // Weeks stand alone in ISO 8601: `P1W`, never `P1W2D`.
      if units[unit].0 == UInt8(ascii: "w") { next = units.count } else { next = unit + 1 }
      total += value * units[unit].1
      parts += 1
      index += 1
    }
    return parts > 0 ? total : nil
  }
}
