#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyValues {
  /// The first rule these values break, field by field in the order of `JourneyField.all`,
  /// then the end's (start plus duration before the year 10000, which two fields make): the
  /// journey table's CHECK constraints, asked in Swift.
  /// - Parameter written: The fields a write sets; as SQLite checks an update's constraints
  ///   only where they read a column it sets, a value another program stored past them in a
  ///   field the write leaves alone is not the write's to answer for. An insert sets them all.
  func brokenRule(writing written: JourneyFieldSet = .all) -> (field: JourneyField, rule: JourneyField.Rule)? {
    for (field, value) in fields where written.contains(field) {
      if let rule = field.brokenRule(value) { return (field, rule) }
    }
    if written.contains(.startDate) || written.contains(.duration),
      let start = self[.startDate].double, let duration = self[.duration].double,
      !Journey.endsWithinCalendar(start: Date(timeIntervalSinceReferenceDate: start), duration: duration)
    {
      return (.duration, .endsWithinCalendar)
    }
    return nil
  }

  /// Checks the values of journey `id` before a write of `written` sets them.
  /// - Throws: `JourneyValidationError` naming the first rule broken.
  func checkRules(id: UUID, writing written: JourneyFieldSet = .all) throws(JourneyValidationError) {
    guard let (field, rule) = brokenRule(writing: written) else { return }
    throw JourneyValidationError(journeyID: id, field: field, stored: self[field], rule: rule)
  }
}

extension Journey {
  /// Checks the journey's values against the rules every stored journey obeys, as a database
  /// does before it saves or adds it: for a form that says what is wrong while a person types.
  /// - Throws: `JourneyValidationError` naming the field, its value and the first rule broken.
  ///
  /// It reads the fields as any getter does: a SwiftUI view or an observer that validates is
  /// told when they change.
  public func validate() throws(JourneyValidationError) {
    try JourneyValues(JourneyField.all.map { $0.read(self) }).checkRules(id: id)
  }
}
