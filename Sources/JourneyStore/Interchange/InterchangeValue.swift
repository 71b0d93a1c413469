/// One value of a record as the interchange formats write it: text, or a number that JSON writes
/// without quotes.
public enum InterchangeValue: Hashable, Sendable {
  /// Any text; JSON writes it as a string.
  case string(String)
  /// A number, held as its JSON text such as `5400` or `90.5`.
  case number(String)
}

extension InterchangeValue {
  /// The value's text, as CSV and TSV write it.
  public var text: String {
    switch self {
    case .string(let text), .number(let text): text
    }
  }
}
