extension JourneyQuery {
  /// The start dates kept, as one value: `startingFrom` and `startingBefore`. Set it from what
  /// people type with `DateBounds(since:until:on:)`, where a weekday looks back and a day counts
  /// whole: `query.startDates = try DateBounds(since: "monday", until: "today")`.
  public var startDates: DateBounds {
    get { DateBounds(from: startingFrom, before: startingBefore) }
    set {
      startingFrom = newValue.from
      startingBefore = newValue.before
    }
  }
}
