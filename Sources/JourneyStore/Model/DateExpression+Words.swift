import FoundationEssentials

/// The words of a relative date, each read alone: weeks, days, weekdays, times of day and
/// shifts spelled in words.
extension DateExpression {
  /// Weeks from this one of `this-week`, `last-week` and `next-week` (also with a space).
  static func weekOffset(_ words: [String]) -> Int64? {
    let phrase = words.joined(separator: "-")
    return ["last-week": -1, "this-week": 0, "next-week": 1][phrase]
  }

  /// Days from today of `today`, `tomorrow`, `yesterday`, `[next|last] WEEKDAY`.
  /// - Parameter looksBack: Whether a weekday alone is the most recent one, today included,
  ///   rather than the next one after today.
  static func dayOffset(_ words: [String], from local: LocalTime, looksBack: Bool) -> Int64? {
    switch words.count {
    case 1:
      switch words[0] {
      case "today": return 0
      case "tomorrow": return 1
      case "yesterday": return -1
      default: break
      }
      if looksBack {
        // The most recent one, today included, as git reads `--since=monday`.
        return weekday(words[0]).map { -Int64((local.weekday - $0 + 7) % 7) }
      }
      // The next one after today, as taskwarrior reads a due date.
      return weekday(words[0]).map { Int64(($0 - local.weekday + 6) % 7 + 1) }
    case 2 where words[0] == "next":
      return weekday(words[1]).map { Int64(($0 - local.weekday + 6) % 7 + 1) }
    case 2 where words[0] == "last":
      return weekday(words[1]).map { -Int64((local.weekday - $0 + 6) % 7 + 1) }
    default:
      return nil
    }
  }

  /// 0 for Sunday to 6 for Saturday, from the day's name or its first three letters.
  static func weekday(_ word: String) -> Int? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    return names.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
  }

  /// `18:00`, `18:00:30`, `9am`, `6:30pm`, `12am` (midnight).
  static func timeOfDay(_ word: String) -> (hour: Int64, minute: Int64, second: Int64)? {
    var clock = Substring(word)
    var meridiem: Int64?
    if clock.hasSuffix("am") || clock.hasSuffix("pm") {
      meridiem = clock.hasSuffix("pm") ? 12 : 0
      clock = clock.dropLast(2)
    }
    let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), meridiem != nil || parts.count >= 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      var hour = Int64(parts[0])
    else { return nil }
    let minute = parts.count > 1 ? Int64(parts[1]) ?? 99 : 0
    let second = parts.count > 2 ? Int64(parts[2]) ?? 99 : 0
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + meridiem
    }
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
    return (hour, minute, second)
  }

  /// `3 days ago`, `in 2 hours`, `in 1 week`: a shift spelled in words, as `date -d` reads it.
  static func spelledShift(_ words: [String]) -> Shift? {
    let isAgo = words.count == 3 && words[2] == "ago"
    let isIn = words.count == 3 && words[0] == "in"
    guard isAgo || isIn else { return nil }
    let (number, unit) = isAgo ? (words[0], words[1]) : (words[1], words[2])
    let units: [(String, TimeInterval)] = [
      ("second", 1), ("minute", 60), ("hour", 3600), ("day", 86_400), ("week", 7 * 86_400),
    ]
    guard let count = Int(number), count >= 0,
      let seconds = units.first(where: { unit == $0.0 || unit == $0.0 + "s" })?.1
    else { return nil }
    return Shift(seconds: TimeInterval(count) * seconds * (isAgo ? -1 : 1))
  }
}
