/// One value of a record as the interchange formats write it: text, a number that JSON writes
/// without quotes, or a boolean or nothing, which JSON writes as its literals.
public enum InterchangeValue: Hashable, Sendable {
  /// Any text; JSON writes it as a string.
  case string(String)
  /// A number, held as its JSON text such as `5400` or `90.5`.
  case number(String)
  /// `true` or `false`; CSV and TSV write the word.
  case bool(Bool)
  /// No value: JSON's `null`; CSV and TSV write an empty field.
  case null
}

extension InterchangeValue {
  /// The value's text, as CSV and TSV write it.
  public var text: String {
    switch self {
    case .string(let text), .number(let text): text
    case .bool(let value): value ? "true" : "false"
    case .null: ""
    }
  }

  /// A field's value as the interchange formats write it: its canonical text (the slug, the
  /// ISO 8601 date to the exact fraction of a second, the seconds), a number for a numeric
  /// field whose text is one, as `JourneyRecord` writes journeys.
  public init(_ value: JourneyField.Value) {
    self.init(field: try? JourneyField.named(value.fieldName), text: value.description)
  }

  init(field: JourneyField?, text: String) {
    self =
      field?.isNumeric == true && InterchangeText.isJSONNumber(Array(text.utf8)[...])
      ? .number(text) : .string(text)
  }
}
