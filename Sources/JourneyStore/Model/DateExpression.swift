import FoundationEssentials
import Glibc

/// Dates as people type them, as taskwarrior and `date -d` read them: ISO 8601 (as
/// `Date(parsing:)` reads it), `now`, `today`, `tomorrow`, `yesterday`, a weekday (`monday`, `next fri`,
/// `last sunday`), any of those with a time of day (`today 18:00`, `tomorrow 9am`, `18:30` for
/// today), an offset from now (`+2d`, `-3h`, `+1h30m`, `+1w`), and `3 days ago` or `in 2 hours`.
///
/// Days are the local zone's (`TZ`), and a shift by whole days keeps the clock time across a
/// change to or from daylight saving time, as `date -d '+1 day'` does.
public enum DateExpression {}

extension DateExpression {
  /// Reads a date.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - now: The instant relative words are read from; by default `referenceNow`.
  /// - Throws: `JourneyInputError.invalidDate`, which lists the accepted forms.
  public static func date(_ text: String, now: Date = referenceNow) throws(JourneyInputError) -> Date {
    // ISO 8601, the form of every import, goes straight to its reader.
    if text.utf8.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true,
      let date = Date(iso8601: text) {
      return date
    }
    guard let date = relativeDate(text, now: now) else { throw .invalidDate(text) }
    return date
  }

  /// The instant that `now` and every relative word are read from: the clock, to the whole
  /// second. For tests only, `$ROADTRIP_NOW` (ISO 8601) fixes it.
  public static var referenceNow: Date {
    if let fixed = getenv("ROADTRIP_NOW"), let date = Date(iso8601: String(cString: fixed)) {
      return date
    }
    return Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down))
  }

  /// A shift typed as `+2d`, `-15m`, `+1h30m` or `+1w`: its sign and size.
  /// - Returns: `nil` when the text is not a sign followed by a duration.
  public static func shift(_ text: String) -> Shift? {
    var body = Substring(text)
    while body.first?.isWhitespace == true { body.removeFirst() }
    while body.last?.isWhitespace == true { body.removeLast() }
    guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
    body = body.dropFirst()
    let seconds: TimeInterval
    if body.last == "w" || body.last == "W", let weeks = Int(body.dropLast()), weeks >= 0 {
      seconds = TimeInterval(weeks) * 7 * 86_400
    } else if let duration = try? TimeInterval(parsingDuration: String(body)) {
      seconds = duration
    } else {
      return nil
    }
    return Shift(seconds: sign == "-" ? -seconds : seconds)
  }

  private static func relativeDate(_ text: String, now: Date) -> Date? {
    if let shift = shift(text) { return shift.applied(to: now) }
    var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    guard let local = LocalTime(now), !words.isEmpty else { return nil }
    if words == ["now"] { return now }
    if let shift = spelledShift(words) { return shift.applied(to: now) }
    // A time of day at the end: `today 18:00`, `monday 9am`, or alone for today.
    var time: (hour: Int64, minute: Int64, second: Int64) = (0, 0, 0)
    if let last = words.last, let parsed = timeOfDay(last) {
      time = parsed
      words.removeLast()
      if words.isEmpty { words = ["today"] }
    }
    guard let days = dayOffset(words, from: local) else { return nil }
    return local.date(addingDays: days, hour: time.hour, minute: time.minute, second: time.second)
  }

  /// Days from today of `today`, `tomorrow`, `yesterday`, `[next|last] WEEKDAY`.
  private static func dayOffset(_ words: [String], from local: LocalTime) -> Int64? {
    switch words.count {
    case 1:
      switch words[0] {
      case "today": return 0
      case "tomorrow": return 1
      case "yesterday": return -1
      default: break
      }
      // A weekday alone is the next one after today, as taskwarrior reads it.
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
  private static func weekday(_ word: String) -> Int? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    return names.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
  }

  /// `18:00`, `18:00:30`, `9am`, `6:30pm`, `12am` (midnight).
  private static func timeOfDay(_ word: String) -> (hour: Int64, minute: Int64, second: Int64)? {
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
  private static func spelledShift(_ words: [String]) -> Shift? {
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

extension DateExpression {
  /// A date moved forward or back: by whole local days when it is a whole number of days (the
  /// clock time stays across daylight saving time), else by seconds.
  public struct Shift: Equatable, Sendable {
    /// The size of the shift in seconds; negative for a shift back.
    public let seconds: TimeInterval
  }
}

extension DateExpression.Shift {
  /// The date shifted; `nil` when a shift by days lands on a time the local zone skips, or out of
  /// the years 0000–9999.
  public func applied(to date: Date) -> Date? {
    let days = seconds / 86_400
    guard days == days.rounded(), abs(days) < 3_000_000, let local = LocalTime(date) else {
      let shifted = date.addingTimeInterval(seconds)
      return shifted.timeIntervalSinceReferenceDate.isFinite ? shifted : nil
    }
    let civil = local.civil
    guard let day = local.date(addingDays: Int64(days), hour: civil.hour, minute: civil.minute, second: civil.second)
    else { return nil }
    // The fraction of a second the local time leaves out.
    return day.addingTimeInterval(date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate.rounded(.down))
  }
}
