import FoundationEssentials
import Glibc

/// Dates as people type them, as taskwarrior and `date -d` read them: ISO 8601 (as
/// `Date(parsing:)` reads it), `now`, `today`, `tomorrow`, `yesterday`, a weekday (`monday`, `next fri`,
/// `last sunday`), a week (`this-week`, `last-week`, `next-week`, from Monday, as ISO 8601 weeks
/// start, or the day `withFirstWeekday(_:_:)` gives), a month (`this-month`, `last-month`,
/// `2026-11`, `nov`), a day of a month (`nov 24`, `24 nov 2025`), any day with a time of day
/// (`today 18:00`, `tomorrow 9am`, `yesterday at 5pm`, `18:30` for today), an offset from now
/// (`+2d`, `-3h`, `+1h30m`, `+1w`, `now-1d`), and `3 days ago` or `in 2 hours`.
///
/// A new date looks forward and a filter looks back: `monday` alone is the next Monday for
/// `date(_:now:)` (a journey to plan, as taskwarrior reads it), and the most recent one, today on
/// a Monday, for `period(_:now:)` (journeys to find, as git's `--since=monday` reads it). `next`
/// and `last` say which one in both. A month or a day named without its year (`nov`, `nov 24`)
/// is the first one not over yet for a new date, the most recent one begun for a filter.
///
/// Days are the local zone's (`TZ`), and a shift by whole days keeps the clock time across a
/// change to or from daylight saving time, as `date -d '+1 day'` does.
public enum DateExpression {}

extension DateExpression {
  /// Reads a date.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - now: The instant relative words are read from; by default `referenceNow`.
  /// - Throws: `JourneyInputError.invalidDate`, which lists the accepted forms, or
  ///   `.dateOutsideCalendar` for a date outside the years 0000 to 9999 (`Journey.calendar`).
  public static func date(_ text: String, now: Date = referenceNow) throws(JourneyInputError) -> Date {
    // ISO 8601, the form of every import, goes straight to its reader.
    if text.utf8.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true,
      let date = Date(iso8601: text) {
      return try Journey.checkWithinCalendar(date, text: text)
    }
    guard let period = relativePeriod(text, now: now, looksBack: false) else { throw .invalidDate(text) }
    return try Journey.checkWithinCalendar(period.start, text: text)
  }

  /// Reads a date as a filter reads it: the span of time it names. A day (`2026-11-24`, `today`,
  /// `monday`) is the whole local day, a week (`this-week`) the whole week from Monday, and an
  /// instant (`now`, `-2h`, `today 18:00`, `2026-11-24T08:00`) a span of no length. A weekday alone
  /// looks back: `monday` is the most recent Monday, today on a Monday.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - now: The instant relative words are read from; by default `referenceNow`.
  /// - Throws: `JourneyInputError.invalidDate`, which lists the accepted forms.
  public static func period(_ text: String, now: Date = referenceNow) throws(JourneyInputError) -> DateInterval {
    if text.utf8.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true,
      let date = Date(iso8601: text) {
      // A date without a time of day names the whole day.
      let isDay = text.utf8.count == 10 && !text.contains("T")
      guard isDay, let local = LocalTime(date) else { return DateInterval(start: date, duration: 0) }
      return day(local, addingDays: 0) ?? DateInterval(start: date, duration: 0)
    }
    guard let period = relativePeriod(text, now: now, looksBack: true) else { throw .invalidDate(text) }
    return period
  }

  /// The instant that `now` and every relative word are read from: the one that
  /// `withNow(_:_:)` holds while its work runs, else the clock, to the whole second. For tests
  /// only, `$ROADTRIP_NOW` (ISO 8601) fixes it.
  public static var referenceNow: Date {
    heldNow ?? clockNow
  }

  /// The clock's instant, to the whole second, whatever instant `withNow(_:_:)` holds: what a
  /// step of long-lived work (a key pressed in an interactive session) reads as its own `now`.
  /// For tests only, `$ROADTRIP_NOW` (ISO 8601) fixes it.
  public static var clockNow: Date {
    if let fixed = getenv("ROADTRIP_NOW"), let date = Date(iso8601: String(cString: fixed)) {
      return date
    }
    return Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down))
  }

  /// Runs `body` with every relative word read from one instant: a command, or an import of many
  /// records, reads `now` once, so that 300,000 rows starting `now` start at one instant and
  /// `tomorrow 9am` is one day even when the work runs across midnight.
  ///
  /// The instant is a task-local value: it holds on the thread that calls `body` and in the
  /// child tasks `body` starts, not in detached tasks or on other threads.
  /// - Parameter now: The instant; by default `referenceNow` as the work starts (so work inside
  ///   other work keeps the instant the outer work holds).
  public static func withNow<T>(_ now: Date = referenceNow, _ body: () throws -> T) rethrows -> T {
    try $heldNow.withValue(now, operation: body)
  }

  /// The instant `withNow(_:_:)` holds for the work it runs.
  @TaskLocal private static var heldNow: Date?

  /// The day weeks start on, 0 for Sunday to 6 for Saturday: the one `withFirstWeekday(_:_:)`
  /// holds, else Monday, as ISO 8601's weeks start. `this-week`, `last-week` and `next-week` start
  /// on it.
  public static var firstWeekday: Int {
    heldFirstWeekday ?? 1
  }

  /// Runs `body` with weeks starting on `weekday` (0 for Sunday to 6 for Saturday): a user's
  /// first day of the week, for every week word the work reads.
  public static func withFirstWeekday<T>(_ weekday: Int, _ body: () throws -> T) rethrows -> T {
    try $heldFirstWeekday.withValue((0...6).contains(weekday) ? weekday : 1, operation: body)
  }

  @TaskLocal private static var heldFirstWeekday: Int?

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

  /// The span a relative text names: an instant, a whole day, week or month.
  /// - Parameter looksBack: Whether a weekday, a month or a day named alone is the most recent
  ///   one (a filter) rather than the next one (a new date).
  private static func relativePeriod(_ text: String, now: Date, looksBack: Bool) -> DateInterval? {
    if let shift = shift(text) { return shift.applied(to: now).map { DateInterval(start: $0, duration: 0) } }
    let lowercased = text.lowercased()
    var words = lowercased.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let local = LocalTime(now), !words.isEmpty else { return nil }
    if words == ["now"] { return DateInterval(start: now, duration: 0) }
    // `now-1d`, `now + 2h`: a shift from now, as `date -d` and taskwarrior write it.
    if words[0].hasPrefix("now"), let shift = shift(String(lowercased.drop { $0.isWhitespace }.dropFirst(3))) {
      return shift.applied(to: now).map { DateInterval(start: $0, duration: 0) }
    }
    if let shift = spelledShift(words) { return shift.applied(to: now).map { DateInterval(start: $0, duration: 0) } }
    if let weeks = weekOffset(words) {
      // Weeks start on the first day `withFirstWeekday(_:_:)` gives, Monday by default, as
      // ISO 8601's do.
      let first = -Int64((local.weekday - firstWeekday + 7) % 7) + 7 * weeks
      guard let start = day(local, addingDays: first), let last = day(local, addingDays: first + 6) else { return nil }
      return DateInterval(start: start.start, end: last.end)
    }
    if let months = monthOffset(words) { return month(local, addingMonths: months) }
    if words.count == 1, let named = yearMonth(words[0]) { return span(local, year: named.year, month: named.month, day: nil) }
    // A time of day at the end: `today 18:00`, `monday 9am`, `yesterday at 5pm`, `nov 24 18:00`,
    // or alone for today.
    var time: (hour: Int64, minute: Int64, second: Int64)?
    if let last = words.last, let parsed = timeOfDay(last) {
      time = parsed
      words.removeLast()
      if words.last == "at" { words.removeLast() }
      if words.isEmpty { words = ["today"] }
    }
    let named = namedMonth(words, from: local, now: now, looksBack: looksBack)
    if let named, time != nil, named.duration > 86_400 * 2 { return nil }
    guard let whole = named ?? dayOffset(words, from: local, looksBack: looksBack).flatMap({ day(local, addingDays: $0) })
    else { return nil }
    guard let time else { return whole }
    return LocalTime(whole.start)?.date(addingDays: 0, hour: time.hour, minute: time.minute, second: time.second)
      .map { DateInterval(start: $0, duration: 0) }
  }

  /// The whole local day `days` days after the one of `local`, from midnight to midnight.
  private static func day(_ local: LocalTime, addingDays days: Int64) -> DateInterval? {
    guard let start = local.date(addingDays: days, hour: 0, minute: 0, second: 0),
      let end = local.date(addingDays: days + 1, hour: 0, minute: 0, second: 0), end >= start
    else { return nil }
    return DateInterval(start: start, end: end)
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
  /// The date shifted; `nil` when a shift by days lands on a time the local zone skips. A shift
  /// that leaves the years 0000–9999 gives the date it reaches, for the reader to refuse it by
  /// `Journey.calendar`.
  public func applied(to date: Date) -> Date? {
    let days = seconds / 86_400
    let shifted = date.addingTimeInterval(seconds)
    guard days == days.rounded(), Journey.calendar.contains(shifted), let local = LocalTime(date) else {
      return shifted.timeIntervalSinceReferenceDate.isFinite ? shifted : nil
    }
    let civil = local.civil
    guard let day = local.date(addingDays: Int64(days), hour: civil.hour, minute: civil.minute, second: civil.second)
    else { return nil }
    // The fraction of a second the local time leaves out.
    return day.addingTimeInterval(date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate.rounded(.down))
  }
}
