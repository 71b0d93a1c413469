extension ChangeQuery {
  /// The dates of the batches kept, as one value: `since` and `until`. Set it from what people
  /// type with `DateBounds(since:until:on:)`, where a weekday looks back and a day counts whole.
  public var committedDates: DateBounds {
    get { DateBounds(from: since, before: until) }
    set {
      since = newValue.from
      until = newValue.before
    }
  }
}
