import FoundationEssentials

extension JourneyField {
  /// One `FIELD=VALUE` of `roadtrip set`, read once and applied to each journey: a new value
  /// (`name=Coast`, `start=tomorrow 9am`), a shift of the current one (`start=+1d`,
  /// `duration=-15m`), or a new end that keeps the start (`end=18:00`, `end=+30m`), which
  /// writes the duration.
  public struct Edit: Sendable {
    /// The field the edit writes: `duration` for an end.
    public let field: JourneyField
    /// The value as typed, for messages.
    let text: String
    let change: Change
  }
}

extension JourneyField.Edit {
  enum Change: Sendable {
    /// Set the field to a value.
    case value(JourneyField.Value)
    /// Move the start date, or lengthen or shorten the duration.
    case shift(DateExpression.Shift)
    /// End at a date: the duration becomes that date minus the start.
    case end(Date)
    /// Move the end: the duration changes by the shift.
    case endShift(DateExpression.Shift)
    /// Start on the journey's own day at a time, or on the weekday nearest its start.
    case startOnDay(DateExpression.JourneyDay)
    /// End at a time of the journey's day (the first after its start), or on the weekday
    /// nearest its start.
    case endOnDay(DateExpression.JourneyDay)
  }

  /// The names of the end date, which `set` takes and turns into a duration.
  public static let endNames = ["endDate", "end"]

  /// Reads an edit of the field named `name` (a field's name or alias, or `end`, ignoring case).
  /// A value that starts with `+` or `-` shifts the start, the duration or the end. A start or an
  /// end that names no day (`18:30`, `thursday 16:00`) is on the journey's own day
  /// (`DateExpression.JourneyDay`); any other date is read as a new date.
  /// - Throws: `JourneyInputError` for an unknown field or a value the field does not take.
  public init(name: String, text: String) throws(JourneyInputError) {
    self.text = text
    if Self.endNames.contains(where: { $0.lowercased() == name.lowercased() }) {
      field = .duration
      if let shift = DateExpression.shift(text) {
        change = .endShift(shift)
      } else if let day = DateExpression.JourneyDay(text) {
        change = .endOnDay(day)
      } else {
        change = .end(try DateExpression.date(text))
      }
      return
    }
    field = try JourneyField.named(name)
    if field == .startDate || field == .duration, let shift = DateExpression.shift(text) {
      change = .shift(shift)
    } else if field == .startDate, let day = DateExpression.JourneyDay(text) {
      change = .startOnDay(day)
    } else {
      change = .value(try field.parse(text))
    }
  }

  /// Whether the edit replaces what the field held (a value, or an end) rather than moving it: a
  /// command that edits a field twice applies its edits in order, as `date -d` reads
  /// `+1 day -2 hours`, so a replacing edit after another of the same field would discard it.
  public var replacesValue: Bool {
    switch change {
    case .value, .end, .startOnDay, .endOnDay: true
    case .shift, .endShift: false
    }
  }

  /// The fields whose current value the edit reads: a shift reads the field it shifts, a new end
  /// the start (and a shifted end the duration too); a new value reads nothing.
  public var readFields: Set<JourneyField> {
    switch change {
    case .value: []
    case .shift: [field]
    case .end, .startOnDay, .endOnDay: [.startDate]
    case .endShift: [.startDate, .duration]
    }
  }

  /// Applies the edit to a journey, writing through `Bindable(journey)` as every edit does.
  /// - Throws: `JourneyInputError` when the result is not a valid value (a negative duration, an
  ///   end before the start, a date out of range); the journey is unchanged then.
  public func apply(to journey: Journey) throws(JourneyInputError) {
    switch change {
    case .value(let value):
      field.assign(value, to: journey)
    case .shift(let shift) where field == .startDate:
      guard let start = shift.applied(to: journey.startDate) else { throw .invalidDate(text) }
      _ = field.write(journey, field.storedValue(try Journey.checkWithinCalendar(start, text: text)))
    case .shift(let shift):
      let duration = journey.duration + shift.seconds
      guard duration >= 0 else { throw .shiftBelowZero(text, field: field.name) }
      _ = field.write(journey, field.storedValue(duration))
    case .end(let end):
      try setEnd(end, of: journey)
    case .endShift(let shift):
      guard let end = shift.applied(to: journey.endDate) else { throw .invalidDate(text) }
      try setEnd(try Journey.checkWithinCalendar(end, text: text), of: journey)
    case .startOnDay(let day):
      guard let start = day.date(near: journey.startDate, isEnd: false) else { throw .invalidDate(text) }
      _ = field.write(journey, field.storedValue(try Journey.checkWithinCalendar(start, text: text)))
    case .endOnDay(let day):
      guard let end = day.date(near: journey.startDate, isEnd: true) else { throw .invalidDate(text) }
      try setEnd(try Journey.checkWithinCalendar(end, text: text), of: journey)
    }
  }

  private func setEnd(_ end: Date, of journey: Journey) throws(JourneyInputError) {
    let duration = end.timeIntervalSince(journey.startDate)
    guard duration >= 0 else { throw .endBeforeStart(text, start: journey.startDate.localText) }
    _ = field.write(journey, field.storedValue(duration))
  }
}
