extension JourneyField {
  /// A value read for one field by `parse(_:)`: parse once, assign to as many journeys as needed.
  public struct Value: Equatable, Sendable {
    /// The name of the field the value belongs to.
    let fieldName: String
    /// The value in stored form.
    let stored: DatabaseValue
  }
}

extension JourneyField.Value: CustomStringConvertible {
  /// The value's canonical text, as `JourneyField.text(of:)` gives it.
  public var description: String {
    ((try? JourneyField.named(fieldName))?.format(stored)) ?? ""
  }
}
