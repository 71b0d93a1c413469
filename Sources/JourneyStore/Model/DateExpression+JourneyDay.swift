import FoundationEssentials

extension DateExpression {
  /// A date typed for a journey that has one already, in `set` and the editor, when it names no
  /// day of its own: a time alone (`18:30`, `at 6pm`) is on the journey's own day, and a weekday
  /// (`thursday`, `thursday 16:00`) is the one nearest the journey's start, three days either
  /// way, not the next one after today as a new date's would be.
  struct JourneyDay: Sendable, Equatable {
    /// 0 for Sunday to 6 for Saturday, or `nil` for the journey's own day.
    let weekday: Int?
    /// Seconds after midnight on the clock: the time of day, midnight when none was typed.
    let hour: Int64, minute: Int64, second: Int64

    /// Reads a time alone or a weekday with or without a time; `nil` for any other text, which
    /// `DateExpression.date(_:now:)` reads as it reads every new date.
    init?(_ text: String) {
      var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
      var time: (hour: Int64, minute: Int64, second: Int64)?
      if let last = words.last, let parsed = timeOfDay(last) {
        time = parsed
        words.removeLast()
        if words.last == "at" { words.removeLast() }
      }
      switch words.count {
      case 0 where time != nil:
        weekday = nil
      case 1:
        guard let named = DateExpression.weekday(words[0]) else { return nil }
        weekday = named
      default:
        return nil
      }
      (hour, minute, second) = time ?? (0, 0, 0)
    }
  }
}

extension DateExpression.JourneyDay {
  /// The date on the day this names, near `start`: its local day, or the nearest such weekday.
  /// - Parameter isEnd: Whether the date is an end: a time alone is then the first such time at
  ///   or after `start` (`end=01:00` of a journey that starts at 23:00 is the next day's).
  /// - Returns: `nil` when that time does not exist in the local zone or the year is out of range.
  func date(near start: Date, isEnd: Bool) -> Date? {
    guard let local = LocalTime(start) else { return nil }
    var days: Int64 = 0
    if let weekday {
      let ahead = Int64((weekday - local.weekday + 7) % 7)
      days = ahead > 3 ? ahead - 7 : ahead
    }
    guard let date = local.date(addingDays: days, hour: hour, minute: minute, second: second) else { return nil }
    if isEnd, weekday == nil, date < start {
      return local.date(addingDays: 1, hour: hour, minute: minute, second: second)
    }
    return date
  }
}
