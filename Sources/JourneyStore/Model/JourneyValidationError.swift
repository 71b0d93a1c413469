#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey's value that no database stores: a negative, NaN or infinite duration, a start
/// outside the years 0000 to 9999, an end after the year 9999.
///
/// The database checks the values before any SQL runs (`save()`, `add(_:)`, `edit(_:_:)`, a
/// write-through binding), and writes nothing of the save or the add then. A managed journey keeps
/// the value, unsaved, as SwiftData keeps an edit whose save failed: its observers and the live
/// lists that match it still show it, so that a form can point at the field; correct it and save
/// again, or `rollback()` to go back to what is saved. `Journey.validate()` asks the same
/// question without a database, such as while a person types.
///
/// ```swift
/// do {
///   try database.save()
/// } catch let error as JourneyValidationError where error.field == .duration {
///   durationHint = "Duration: \(error.rule)"   // "zero or more"
/// }
/// ```
public struct JourneyValidationError: Error, Equatable, Sendable {
  /// The journey whose value is refused.
  public let journeyID: UUID
  /// The field that holds it (`JourneyField.duration` for an end after the year 9999: the
  /// duration is what makes the end).
  public let field: JourneyField
  /// The value refused, as the journey holds it; its `description` is its canonical text.
  public let value: JourneyField.Value
  /// The rule it breaks.
  public let rule: JourneyField.Rule

  init(journeyID: UUID, field: JourneyField, stored: DatabaseValue, rule: JourneyField.Rule) {
    self.journeyID = journeyID
    self.field = field
    self.value = JourneyField.Value(fieldName: field.name, stored: stored)
    self.rule = rule
  }
}

extension JourneyValidationError: CustomStringConvertible {
  /// What was refused and what is accepted: "journey 1a2b…: the duration -5 is refused; a
  /// duration is zero or more".
  public var description: String {
    "journey \(journeyID.lowercasedText): the \(field.name) \(value) is refused; a \(field.name) is \(rule)"
  }
}
