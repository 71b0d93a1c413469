extension DatabaseValue {
  /// The value as plain text: text as it is (bytes that are not UTF-8 with U+FFFD in their
  /// place, as the text reads), a number in digits, `NULL`, or what a BLOB is.
  var plainText: String {
    switch self {
    case .text(let text): text
    case .invalidText(let bytes): String(decoding: bytes, as: UTF8.self)
    default: described
    }
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
