extension DatabaseValue {
  /// The value as an error message names it: text in quotes, a number, or what it is.
  var described: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): "'\(value)'"
    case .blob(let bytes): "a BLOB of \(bytes.count) bytes"
    }
  }
}
