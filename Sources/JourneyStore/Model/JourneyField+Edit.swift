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
  }

  /// The names of the end date, which `set` takes and turns into a duration.
  public static let endNames = ["endDate", "end"]

  /// Reads an edit of the field named `name` (a field's name or alias, or `end`, ignoring case).
  /// A value that starts with `+` or `-` shifts the start, the duration or the end.
  /// - Throws: `JourneyInputError` for an unknown field or a value the field does not take.
  public init(name: String, text: String) throws(JourneyInputError) {
    self.text = text
    if Self.endNames.contains(where: { $0.lowercased() == name.lowercased() }) {
      field = .duration
      if let shift = DateExpression.shift(text) {
        change = .endShift(shift)
      } else {
        change = .end(try DateExpression.date(text))
      }
      return
    }
    field = try JourneyField.named(name)
    if field == .startDate || field == .duration, let shift = DateExpression.shift(text) {
      change = .shift(shift)
    } else {
      change = .value(try field.parse(text))
    }
  }

  /// Whether the edit replaces what the field held (a value, or an end) rather than moving it: a
  /// command that edits a field twice applies its edits in order, as `date -d` reads
  /// `+1 day -2 hours`, so a replacing edit after another of the same field would discard it.
  public var replacesValue: Bool {
    switch change {
    case .value, .end: true
    case .shift, .endShift: false
    }
  }

  /// The fields whose current value the edit reads: a shift reads the field it shifts, a new end
  /// the start (and a shifted end the duration too); a new value reads nothing.
  public var readFields: Set<JourneyField> {
    switch change {
    case .value: []
    case .shift: [field]
    case .end: [.startDate]
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
    }
  }

  private func setEnd(_ end: Date, of journey: Journey) throws(JourneyInputError) {
    let duration = end.timeIntervalSince(journey.startDate)
    guard duration >= 0 else { throw .endBeforeStart(text, start: journey.startDate.localText) }
    _ = field.write(journey, field.storedValue(duration))
  }
}
