import FoundationEssentials
import Glibc

/// An instant as the clock on the wall shows it in the local time zone (`TZ`): the civil date
/// and time, the zone's offset from UTC then, and the day of the week.
struct LocalTime {
  /// The date and time of day, to the whole second.
  let civil: CivilTime
  /// Seconds east of UTC, daylight saving time included.
  let offset: Int64
  /// The day of the week, 0 for Sunday to 6 for Saturday.
  let weekday: Int

  /// The local time of an instant; the corresponding C function is `localtime_r`.
  init?(_ date: Date) {
    let interval = date.timeIntervalSinceReferenceDate.rounded(.down)
    guard abs(interval) < 1e15 else { return nil }
    var seconds = time_t(Int64(interval) + CivilTime.referenceDateUnixSeconds)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return nil }
    civil = CivilTime(
      year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday),
      hour: Int64(parts.tm_hour), minute: Int64(parts.tm_min), second: Int64(parts.tm_sec))
    offset = Int64(parts.tm_gmtoff)
    weekday = Int(parts.tm_wday)
  }
}

extension LocalTime {
  /// The local date `days` days after this one (before, when negative), at a wall-clock time:
  /// across a change to or from daylight saving time the clock time stays, the hours do not.
  /// - Returns: `nil` when that time does not exist in the local zone or the year is out of range.
  func date(addingDays days: Int64, hour: Int64, minute: Int64, second: Int64) -> Date? {
    let unixDays = CivilTime.unixDays(year: civil.year, month: civil.month, day: civil.day) + days
    let (year, month, day) = CivilTime.yearMonthDay(fromUnixDays: unixDays)
    guard (0...9999).contains(year) else { return nil }
    let text = Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2) + "T"
      + Self.digits(hour, 2) + ":" + Self.digits(minute, 2) + ":" + Self.digits(second, 2)
    // An ISO 8601 text without an offset is read in the local zone, by the one reader of dates.
    return Date(iso8601: text)
  }

  /// `2026-11-21 09:00:00-05:00`, or `2026-11-21 09:00-05:00` without seconds: as people read a
  /// date on a terminal, in the local zone with its offset; `Date(parsing:)` reads it back.
  /// - Parameter showsSeconds: Whether to show the seconds.
  func text(showsSeconds: Bool) -> String {
    Self.digits(civil.year, 4) + "-" + Self.digits(civil.month, 2) + "-" + Self.digits(civil.day, 2) + " "
      + timeText(showsSeconds: showsSeconds)
  }

  /// Whether `text(showsSeconds:)` reads back as the same instant: a four-digit year, and an
  /// offset of whole minutes. A zone's local mean time before standard time (Lord Howe Island's
  /// +10:36:20 in year 0) has seconds that no ISO 8601 offset can write.
  var readsBack: Bool {
    (0...9999).contains(civil.year) && offset % 60 == 0
  }

  /// `09:00:30-05:00`, or `09:00-05:00` without seconds: the time of day with the offset.
  func timeText(showsSeconds: Bool) -> String {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return Self.digits(civil.hour, 2) + ":" + Self.digits(civil.minute, 2)
      + (showsSeconds ? ":" + Self.digits(civil.second, 2) : "")
      + sign + Self.digits(minutes / 60, 2) + ":" + Self.digits(minutes % 60, 2)
  }

  private static func digits(_ value: Int64, _ width: Int) -> String {
    let text = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

extension Date {
  /// The date as people read it on a terminal: in the local time zone (`TZ`) with its offset, to
  /// the second, such as `2026-11-21 09:00:30-05:00`; machine formats use `iso8601` (UTC) instead.
  /// `Date(parsing:)` reads it back (to the second): where the local time could not be read back
  /// (a year past 9999 east of UTC, an offset with seconds), the text is `iso8601`.
  public var localText: String {
    localText()
  }

  /// The local day of the date, such as `2026-11-21`: the day a journey counts for in a summary.
  public var localDayText: String {
    guard let local = LocalTime(self) else { return String(iso8601.prefix(10)) }
    return String(local.text(showsSeconds: false).prefix { $0 != " " })
  }

  /// The date as `localText` gives it, or shorter for a column of a table.
  /// - Parameters:
  ///   - start: Leaves out the day when the date is on the local day of `start`, as the end of a
  ///     journey reads in a table: `09:30-05:00`.
  ///   - showsSeconds: Whether to show seconds; a table leaves them out, as people plan journeys
  ///     to the minute.
  public func localText(sameDayAs start: Date? = nil, showsSeconds: Bool = true) -> String {
    guard let local = LocalTime(self), local.readsBack else { return iso8601 }
    guard let start, let first = LocalTime(start), first.readsBack,
      (local.civil.year, local.civil.month, local.civil.day) == (first.civil.year, first.civil.month, first.civil.day)
    else { return local.text(showsSeconds: showsSeconds) }
    return local.timeText(showsSeconds: showsSeconds)
  }
}
