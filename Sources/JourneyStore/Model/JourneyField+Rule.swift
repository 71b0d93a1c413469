extension JourneyField {
  /// A rule every stored journey's values obey: the journey table's CHECK constraints, said in
  /// Swift once, for the database to check an edit before any SQL runs
  /// (`JourneyValidationError`), for reading what another program stored, and for what a sync
  /// receives.
  public enum Rule: Sendable, Hashable {
    /// A number, neither NaN nor infinite: a start, a duration.
    case finite
    /// Zero or more: a duration.
    case notNegative
    /// Within the years 0000 to 9999 in UTC, `Journey.calendar`: a start.
    case withinCalendar
    /// An end (start plus duration) before the year 10000, `Journey.endLimit`: a duration, with
    /// its journey's start.
    case endsWithinCalendar
  }
}

extension JourneyField.Rule: CustomStringConvertible {
  /// The rule, for people: "a duration is zero or more".
  public var description: String {
    switch self {
    case .finite: "a number, neither NaN nor infinite"
    case .notNegative: "zero or more"
    case .withinCalendar: "within the years 0000 to 9999 (UTC)"
    case .endsWithinCalendar: "ending (start plus duration) before the year 10000"
    }
  }
}
