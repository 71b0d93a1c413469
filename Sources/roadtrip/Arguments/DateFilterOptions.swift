import ArgumentParser
import JourneyStore

/// `--since`, `--until` and `--on`: the dates `list`, `summary` and `history` keep, read as
/// `DateBounds` reads them (weekdays look back; a day or a week counts whole).
struct DateFilterOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Keep from this date on (ISO 8601 in local time, today, monday (the most recent), last-week, this-month, nov, -2d, …).",
      valueName: "date"))
  var since: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Keep up to this date; a day (2026-11-24, today, friday, nov 24), a week (this-week) or a month (2026-11, nov, last-month) is kept whole.",
      valueName: "date"))
  var until: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Keep this whole day (2026-11-24, yesterday, monday, nov 24), week (this-week, last-week) or month (2026-11, nov, this-month, last-month).",
      valueName: "date"))
  var on: String?

  func validate() throws {
    if on != nil, since != nil || until != nil {
      throw ValidationError("--on is a whole day, week or month by itself; give --on DATE, or --since and --until")
    }
    _ = try ValidationError.checking { () throws(JourneyInputError) in try bounds() }
  }
}

extension DateFilterOptions {
  /// Whether a date filter is given.
  var isFiltering: Bool {
    since != nil || until != nil || on != nil
  }

  /// The bounds the options give.
  func bounds() throws(JourneyInputError) -> DateBounds {
    try DateBounds(since: since, until: until, on: on)
  }
}

extension DateFilterOptions {
  /// The options of these date filters, as ArgumentParser would parse them (`ListCommandLine`).
  static func make(since: String?, until: String?, on: String?) -> Self {
    var options = Self()
    options.since = since
    options.until = until
    options.on = on
    return options
  }
}
