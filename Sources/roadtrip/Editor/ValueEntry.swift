import JourneyStore

/// A value typed into the focused control after Enter, read as `roadtrip set` reads it: a type
/// as `transport=`, a start as `start=` (`tomorrow 9am`, `+1d`, `2026-11-21 09:00`), an end as
/// `end=` (`18:00`, `+30m`: the duration follows), a duration as `duration=` (`45m`, `1h30m`,
/// `1:30:00`, `+15m`).
struct ValueEntry: Equatable {
  /// The control the value is for.
  let focus: EditorFocus
  /// What was typed so far.
  var text = ""
}

extension ValueEntry {
  /// The name `set` knows the value by.
  var fieldName: String {
    switch focus {
    case .transportationType: "transport"
    case .startDate: "start"
    case .endDate: "end"
    case .duration: "duration"
    }
  }

  /// A few of the forms the control takes, for the key hints.
  var examples: String {
    switch focus {
    case .transportationType: "bike, bus, walk-or-run"
    case .startDate: "tomorrow 9am, +1d, 2026-11-21 09:00"
    case .endDate: "18:00, +30m, tomorrow 10am"
    case .duration: "45m, 1h30m, 1:30:00, +15m"
    }
  }

  /// The journey as the value typed leaves it: a copy, unmanaged, so that nothing is written.
  /// - Throws: `JourneyInputError`, as `set` says it, for a value the field does not take or a
  ///   journey that would end after the calendar's last day.
  func applied(to journey: Journey) throws(JourneyInputError) -> Journey {
    let edit = try JourneyField.Edit(name: fieldName, text: text)
    let copy = Journey(
      id: journey.id, name: journey.name, transportationType: journey.transportationType,
      startDate: journey.startDate, duration: journey.duration)
    try edit.apply(to: copy)
    try Journey.checkEndWithinCalendar(
      start: copy.startDate, duration: copy.duration, durationText: text)
    return copy
  }
}
