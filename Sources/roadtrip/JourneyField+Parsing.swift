import JourneyStore

extension JourneyField {
  /// A new journey holding the value `text` gives this field, parsed once by the field itself:
  /// copy it to the journeys being edited with `copy(from:to:)`, or read it, such as the
  /// `startDate` of a `--since` date.
  /// - Throws: `JourneyInputError` when the text is not a valid value.
  func parsed(_ text: String) throws(JourneyInputError) -> Journey {
    let journey = Journey()
    try assign(text, to: journey)
    return journey
  }
}
