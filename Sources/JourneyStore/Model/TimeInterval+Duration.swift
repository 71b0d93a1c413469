#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TimeInterval {
  /// Reads a duration as people type it: `45m`, `1h30m`, `1h 30m`, `2d`, `90s`, `1.5h`, `1:30:00`
  /// (hours, minutes, seconds), `1:30` (hours and minutes) or a plain number of seconds.
  /// - Throws: `JourneyInputError.invalidDuration`, or `.negativeDuration` for a negative one.
  init(parsingDuration text: String) throws(JourneyInputError) {
    // Plain seconds, as JSON and CSV hold them, need neither trimming nor the other forms.
    if let seconds = Self.seconds(plain: text) {
      self = seconds
      return
    }
    var trimmed = Substring(text)
    while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    if trimmed.hasPrefix("-"), (try? TimeInterval(parsingDuration: String(trimmed.dropFirst()))) != nil {
      throw .negativeDuration(text)
    }
    guard let seconds = Self.seconds(plain: String(trimmed)) ?? Self.seconds(clock: String(trimmed))
      ?? Self.seconds(units: String(trimmed))
    else { throw .invalidDuration(text) }
    self = seconds
  }

  /// The canonical text of a duration: its seconds, without a fraction when it has none (`5400`).
  var secondsText: String {
    var bytes: [UInt8] = []
    appendSecondsText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `secondsText`, as UTF-8, without making a string when the duration is whole.
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

  private static func seconds(plain text: String) -> TimeInterval? {
    guard text.first?.isNumber == true || text.first == ".", isDecimal(text),
      let value = Double(text), value.isFinite, value >= 0 else { return nil }
    return value
  }

  /// Whether a number is written in decimal: `Double(_:)` also reads hexadecimal (`0x10`).
  private static func isDecimal(_ text: some StringProtocol) -> Bool {
    text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }
  }

  /// `h:mm` or `h:mm:ss`, seconds possibly fractional.
  private static func seconds(clock text: String) -> TimeInterval? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts[0].first?.isNumber == true, let hours = UInt32(parts[0]),
      parts[1].count == 2, parts[1].first?.isNumber == true, let minutes = UInt8(parts[1]), minutes < 60
    else { return nil }
    var seconds = 0.0
    if parts.count == 3 {
      guard parts[2].count >= 2, parts[2].first?.isNumber == true, isDecimal(parts[2]), let value = Double(parts[2]),
        value < 60 else { return nil }
      seconds = value
    }
    return TimeInterval(hours) * 3600 + TimeInterval(minutes) * 60 + seconds
  }

  /// One or more `NUMBER UNIT` parts, units `d`, `h`, `m`, `s`, each at most once and in that order.
  private static func seconds(units text: String) -> TimeInterval? {
    let units: [(symbol: Character, seconds: TimeInterval)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
    var remaining = Substring(text.lowercased())
    var nextUnit = 0
    var total = 0.0
    while !remaining.isEmpty {
      let number = remaining.prefix { $0.isNumber || $0 == "." }
      remaining = remaining.dropFirst(number.count).drop { $0 == " " }
      guard !number.isEmpty, let value = Double(number), let symbol = remaining.first,
        let unit = units[nextUnit...].firstIndex(where: { $0.symbol == symbol })
      else { return nil }
      total += value * units[unit].seconds
      nextUnit = unit + 1
      remaining = remaining.dropFirst().drop { $0 == " " }
      if nextUnit == units.count, !remaining.isEmpty { return nil }
    }
    return nextUnit > 0 && total.isFinite ? total : nil
  }
}
