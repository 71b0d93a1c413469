#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which journeys to fetch, and in which order: filters by transportation type, start date and
/// name, sort keys, a limit and an offset. The type and date filters are answered from
/// indexes; the name filter by SQLite reading the names (names have no index).
///
/// ```swift
/// var query = JourneyQuery(transportationTypes: [.bike])
/// query.sortKeys = [.init(.name), .init(.startDate, isDescending: true)]   // list --sort name,-start
/// ```
public struct JourneyQuery: Sendable {
  /// Keeps journeys of these types; an empty set keeps every type.
  public var transportationTypes: Set<TransportationType>
  /// Keeps journeys that start at or after this date.
  public var startingFrom: Date?
  /// Keeps journeys that start before this date.
  public var startingBefore: Date?
  /// Keeps journeys whose name contains this text, ignoring case: lowercased, and compared
  /// character by character as Swift compares strings (by canonical equivalence, so `é` finds
  /// `é` whichever way either is composed, but `e` does not find `é`). `nil` or empty keeps every
  /// name. The same test decides in SQL and, for journeys with unsaved edits, in memory
  /// (`matches(_:)`).
  public var nameContaining: String?
  /// The keys to sort by, the first first, ties broken by start date, then by id, as people
  /// expect of any order they ask for (`list --sort type`: each type's journeys by date); none
  /// keeps the order in which journeys were stored, the cheapest to read (what an export
  /// uses). Names sort
  /// case and accents aside (`abc` before `Zebra`, `émile` beside `emile`), the same in SQL and in
  /// memory; other fields by value.
  public var sortKeys: [SortKey]
  /// Reverses the whole order: each key's direction, and the ties'.
  public var isDescending: Bool
  /// Returns at most this many journeys.
  public var limit: Int?
  /// Skips this many journeys of the order first: with `limit`, a window of a long list. The
  /// window is placed by the saved values (journeys with unsaved edits are placed by their
  /// values within it).
  public var offset: Int

  /// A query; with no arguments, every journey by start date. `sortField` is its one sort key,
  /// or none when `nil`: set `sortKeys` for several.
  public init(
    transportationTypes: Set<TransportationType> = [],
    startingFrom: Date? = nil,
    startingBefore: Date? = nil,
    nameContaining: String? = nil,
    sortField: JourneyField? = .startDate,
    isDescending: Bool = false,
    limit: Int? = nil,
    offset: Int = 0
  ) {
    self.transportationTypes = transportationTypes
    self.startingFrom = startingFrom
    self.startingBefore = startingBefore
    self.nameContaining = nameContaining
    self.sortKeys = sortField.map { [SortKey($0)] } ?? []
    self.isDescending = isDescending
    self.limit = limit
    self.offset = offset
  }
}

extension JourneyQuery {
  /// The `WHERE`, `ORDER BY` and `LIMIT` clauses, with the values to bind to their parameters.
  var sqlClauses: (sql: String, values: [DatabaseValue]) {
    var conditions: [String] = []
    var values: [DatabaseValue] = []
    if !transportationTypes.isEmpty {
      let types = transportationTypes.sorted { $0.rawValue < $1.rawValue }
      conditions.append("\(JourneyField.transportationType.column) IN (\(types.map { _ in "?" }.joined(separator: ", ")))")
      values += types.map(JourneyField.transportationType.storedValue)
    }
    if let startingFrom {
      conditions.append("\(JourneyField.startDate.column) >= ?")
      values.append(JourneyField.startDate.storedValue(startingFrom))
    }
    if let startingBefore {
      conditions.append("\(JourneyField.startDate.column) < ?")
      values.append(JourneyField.startDate.storedValue(startingBefore))
    }
    if isSearchingNames, let nameContaining {
      conditions.append("\(NameSearch.sqlFunction)(\(JourneyField.name.column), ?)")
      values.append(.text(nameContaining))
    }
    var sql = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    // With a name filter the order never comes from an index (`+` keeps SQLite from using
    // one): walking an index costs a random read of a row for each journey it holds, and a rare
    // name would have SQLite read the whole table that way (4-10 s on 1M journeys, against one
    // scan and a sort of the matches). Ties of the keys by start date, then by id
    // (`tieBreakingKeys`); with no key, by rowid: the order journeys were stored in.
    let terms = orderKeys.flatMap { $0.sqlTerms(reversed: isDescending, usingIndex: !isSearchingNames) }
    let direction = isDescending ? "DESC" : "ASC"
    let ties = sortKeys.isEmpty ? "rowid \(direction)" : "id \(direction)"
    sql += " ORDER BY " + (terms + [ties]).joined(separator: ", ")
    if limit != nil || offset > 0 {
      sql += " LIMIT ?"
      values.append(.integer(limit.map { Int64(max(0, $0)) } ?? -1))
    }
    if offset > 0 {
      sql += " OFFSET ?"
      values.append(.integer(Int64(offset)))
    }
    return (sql, values)
  }
}

extension JourneyQuery {
  /// The keys the order follows: `sortKeys`, then the start date when they do not hold it, so
  /// that ties fall in date order; the id breaks the ties left.
  var orderKeys: [SortKey] {
    guard !sortKeys.isEmpty, !sortKeys.contains(where: { $0.field == .startDate }) else { return sortKeys }
    return sortKeys + [SortKey(.startDate)]
  }

  /// The first sort key's field, or `nil` when there is none; setting it makes it the one key
  /// (none for `nil`).
  public var sortField: JourneyField? {
    get { sortKeys.first?.field }
    set { sortKeys = newValue.map { [SortKey($0)] } ?? [] }
  }
}

extension JourneyQuery {
  /// Whether the query filters by name: SQLite then reads the name of every journey that the
  /// other filters keep.
  var isSearchingNames: Bool {
    !(nameContaining ?? "").isEmpty
  }
}
