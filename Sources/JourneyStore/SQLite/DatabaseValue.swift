/// A value as SQLite stores it: one of its five storage classes.
enum DatabaseValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension DatabaseValue {
  /// The value as a `Double` when it is a number: SQLite may hand back an integral REAL as INTEGER.
  var double: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  var text: String? {
    if case .text(let value) = self { value } else { nil }
  }
}
