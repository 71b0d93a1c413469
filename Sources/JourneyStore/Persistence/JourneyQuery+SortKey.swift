extension JourneyQuery {
  /// One key of a query's order: a field, from the smallest value up or from the largest down.
  ///
  /// It holds the one definition of its order for SQL (`sqlTerm`) and for journeys in memory
  /// (`compare`): names as `NameOrder` says, case and accents aside; the other fields by value.
  public struct SortKey: Hashable, Sendable {
    /// The field sorted by.
    public var field: JourneyField
    /// Sorts from the largest value down.
    public var isDescending: Bool

    /// A key sorting by `field`, from the smallest value up unless `isDescending`.
    public init(_ field: JourneyField, isDescending: Bool = false) {
      self.field = field
      self.isDescending = isDescending
    }
  }
}

extension JourneyQuery {
  /// Reverses the whole order: each key's direction, and the ties'.
  @available(*, deprecated, renamed: "isReversed", message: "give each sort key its direction, or read the whole order backwards with isReversed")
  public var isDescending: Bool {
    get { isReversed }
    set { isReversed = newValue }
  }
}

extension JourneyQuery.SortKey {
  /// A key sorting by `field` from the smallest value up: `.ascending(.name)`.
  public static func ascending(_ field: JourneyField) -> Self {
    Self(field)
  }

  /// A key sorting by `field` from the largest value down: `.descending(.startDate)`, the
  /// newest first.
  public static func descending(_ field: JourneyField) -> Self {
    Self(field, isDescending: true)
  }
}

extension JourneyQuery.SortKey {
  /// Reads a key as `list --sort` takes it: a field's name or alias (`name`, `start`), with a
  /// leading `-` to sort from the largest value down (`-start`).
  /// - Throws: `JourneyInputError.unknownField` for a name no field has.
  public init(parsing text: String) throws(JourneyInputError) {
    let isDescending = text.hasPrefix("-")
    let name = isDescending ? text.dropFirst() : Substring(text)
    self.init(try JourneyField.named(String(name)), isDescending: isDescending)
  }

  /// Reads keys as `list --sort` takes them, separated by commas: `name,-start`.
  /// - Throws: `JourneyInputError.unknownField` for a name no field has.
  public static func parsingList(_ text: String) throws(JourneyInputError) -> [Self] {
    var keys: [Self] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      keys.append(try Self(parsing: part.trimmingSpaces))
    }
    return keys
  }

  /// The key as `list --sort` takes it: `name`, `-start`.
  public var text: String {
    (isDescending ? "-" : "") + field.name
  }

  /// The terms of an `ORDER BY` clause for this key, the other way round when `reversed`; one
  /// that may walk an index on the field unless not `usingIndex`. A name sorts by its key, then
  /// by its bytes (`NameOrder`); names have no index.
  func sqlTerms(reversed: Bool, usingIndex: Bool) -> [String] {
    let direction = isDescending != reversed ? "DESC" : "ASC"
    guard field != .name else {
      return ["\(NameOrder.sqlFunction)(\(field.column)) \(direction)", "\(field.column) \(direction)"]
    }
    return ["\(usingIndex ? field.column : "+" + field.column) \(direction)"]
  }

  /// -1, 0 or 1 as the stored value `a` sorts before, with or after `b` by this key, ascending:
  /// as `sqlTerms` has SQLite order them.
  func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
    switch (a, b) {
    case (.text(let x), .text(let y)):
      return field == .name ? NameOrder.compare(x, y) : Self.compareBytes(x, y)
    default:
      let (x, y) = (a.double ?? 0, b.double ?? 0)
      return x < y ? -1 : (x == y ? 0 : 1)
    }
  }

  /// -1, 0 or 1 as SQLite's BINARY collation orders two texts.
  private static func compareBytes(_ x: String, _ y: String) -> Int {
    x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : (x.utf8.elementsEqual(y.utf8) ? 0 : 1)
  }
}

extension Substring {
  /// The text without the spaces around it.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
