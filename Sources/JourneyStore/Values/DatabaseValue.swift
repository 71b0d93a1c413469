/// A value as SQLite stores it: one of its five storage classes.
///
/// Two values are equal when SQLite stores them alike: text by its UTF-8 bytes (not by canonical
/// equivalence as `String` compares, so a name in NFD differs from the same name in NFC), a
/// `Double` by its bits (so `-0.0` differs from `0.0`, and a NaN equals itself). The synthesized
/// hash agrees: values equal here are equal as Swift compares them too.
enum DatabaseValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  /// TEXT whose bytes are not UTF-8 (another program stored them): no `String` can hold them
  /// without replacing some, so they are kept as they are, and written back as TEXT.
  case invalidText([UInt8])
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

extension DatabaseValue {
  static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.integer(let lhs), .integer(let rhs)): lhs == rhs
    case (.real(let lhs), .real(let rhs)): lhs.bitPattern == rhs.bitPattern
    case (.text(let lhs), .text(let rhs)): haveSameBytes(lhs, rhs)
    case (.invalidText(let lhs), .invalidText(let rhs)): lhs == rhs
    case (.blob(let lhs), .blob(let rhs)): lhs == rhs
    default: false
    }
  }

  /// Whether two texts hold the same UTF-8 bytes: their counts first, then their bytes where
  /// they lie. The generic `String.UTF8View` costs many times more, and a sync compares every
  /// changed name three times (BENCHMARKS.md, P12).
  private static func haveSameBytes(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (lhs.utf8, rhs.utf8)
    guard left.count == right.count else { return false }
    let compared = left.withContiguousStorageIfAvailable { left in
      right.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
    }
    return compared.flatMap { $0 } ?? left.elementsEqual(right)
  }
}
