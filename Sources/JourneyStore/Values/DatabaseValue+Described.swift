extension DatabaseValue {
  /// The value as plain text: text as it is, a number in digits, `NULL`, or what bytes are.
  var plainText: String {
    if case .text(let text) = self { text } else { described }
  }

  /// The value as an error message names it: text in quotes, a number, or what it is.
  var described: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): "'\(value)'"
    case .invalidText(let bytes): "text of \(bytes.count) bytes that are not UTF-8"
    case .blob(let bytes): "a BLOB of \(bytes.count) bytes"
    }
  }
}
