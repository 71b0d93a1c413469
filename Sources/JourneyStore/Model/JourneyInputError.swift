/// A value typed by a user (or read from an import) that is not a valid journey field value.
///
/// Its `description` says what was wrong and what is accepted, ready to show to a person.
public enum JourneyInputError: Error, Equatable, Sendable {
  /// Not one of the eight transportation types; `suggestion` is the nearest one, if any is near.
  case invalidTransportationType(String, suggestion: TransportationType?)
  /// Not a date in one of the accepted forms.
  case invalidDate(String)
  /// A date before 0000-01-01T00:00:00Z or after 9999-12-31T23:59:59Z (`Journey.calendar`), as
  /// it was typed: `9999-12-31T23:59:59-01:00`, `+3000000d`.
  case dateOutsideCalendar(String)
  /// Not a duration in one of the accepted forms.
  case invalidDuration(String)
  /// A negative duration: journeys never last less than nothing.
  case negativeDuration(String)
  /// A duration no journey can last: its end would lie after 9999-12-31T23:59:59Z whatever its
  /// start (`Journey.longestDuration` or more), or after the start it is given.
  case durationTooLong(String)
  /// A duration that would end a journey of this start after 9999-12-31T23:59:59.999Z: the
  /// duration as typed, and the start.
  case endAfterCalendar(String, start: String)
  /// No editable field has this name; `suggestion` is the nearest field name, if any is near.
  case unknownField(String, suggestion: String?)
  /// A name that is no key of a journey record (`--fields`), and the keys there are.
  case unknownKey(String, suggestion: String?, keys: [String])
  /// An edit that would end a journey before it starts: the end typed, and the start.
  case endBeforeStart(String, start: String)
  /// A shift (`duration=-2h`) that would make a duration negative.
  case shiftBelowZero(String, field: String)
}

extension JourneyInputError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidTransportationType(let text, let suggestion):
      let valid = TransportationType.allCases.map(\.rawValue).joined(separator: ", ")
      return "'\(text)' is not a transportation type\(Self.didYouMean(suggestion?.rawValue)); use one of: \(valid)"
    case .invalidDate(let text):
      return "'\(text)' is not a date; use ISO 8601 such as 2026-11-21T08:00:00Z, "
        + "2026-11-21T08:00 or 2026-11-21 (local time), 'now', 'today 18:00', 'yesterday at 5pm', "
        + "'tomorrow', 'monday', 'this-week', '2026-11', 'nov 24', 'this-month', '+2d', 'now-1d' or '3 hours ago'"
    case .dateOutsideCalendar(let text):
      return "'\(text)' lies outside the years 0000 to 9999; a journey starts and ends from "
        + "0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z (UTC)"
    case .invalidDuration(let text):
      return "'\(text)' is not a duration; use 45m, 90min, 1h30m, 1h30, 1,5h, 2 hours, 90s, 1:30:00, "
        + "ISO 8601 such as PT1H30M or a number of seconds"
    case .negativeDuration(let text):
      return "'\(text)' is negative; a duration is zero or more"
    case .durationTooLong(let text):
      return "'\(text)' is too long: a journey ends by 9999-12-31T23:59:59Z; give a shorter duration"
    case .endAfterCalendar(let text, let start):
      return "'\(text)' is too long: it starts at \(start), and a journey ends by 9999-12-31T23:59:59.999Z; "
        + "give an earlier start or a shorter duration"
    case .unknownField(let name, let suggestion):
      let valid = JourneyField.all.map(\.name).joined(separator: ", ")
      return "'\(name)' is not a journey field\(Self.didYouMean(suggestion)); the fields are: \(valid)"
    case .unknownKey(let name, let suggestion, let keys):
      return "'\(name)' is not a journey key\(Self.didYouMean(suggestion)); the keys are: \(keys.joined(separator: ", "))"
    case .endBeforeStart(let text, let start):
      return "'\(text)' is before the journey's start (\(start)); give an end at or after it"
    case .shiftBelowZero(let text, let field):
      return "'\(text)' would make the \(field) negative; a \(field) is zero or more"
    }
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean '\($0)'?)" } ?? ""
  }
}
