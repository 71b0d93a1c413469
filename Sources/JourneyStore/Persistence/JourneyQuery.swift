#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which journeys to fetch, and in which order: filters by transportation type, start date and
/// name, a sort field, a limit and an offset. The type and date filters are answered from
/// indexes; the name filter by SQLite reading the names (names have no index).
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
  /// The field to sort by, ties broken by the order in which journeys were stored; `nil` keeps
  /// that order alone, the cheapest to read (what an export uses).
  public var sortField: JourneyField?
  /// Sorts from the largest value down.
  public var isDescending: Bool
  /// Returns at most this many journeys.
  public var limit: Int?
  /// Skips this many journeys of the order first: with `limit`, a window of a long list. The
  /// window is placed by the saved values (journeys with unsaved edits are placed by their
  /// values within it).
  public var offset: Int

  /// A query; with no arguments, every journey by start date.
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
    self.sortField = sortField
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
    let direction = isDescending ? "DESC" : "ASC"
    if let sortField {
      // Ties by rowid: indexes end in it, so a query by start date needs no sort. With a name
      // filter the order never comes from an index (`+` keeps SQLite from using one): walking an
      // index costs a random read of a row for each journey it holds, and a rare name would
      // have SQLite read the whole table that way (4-10 s on 1M journeys, against one scan and
      // a sort of the matches).
      let column = isSearchingNames ? "+" + sortField.column : sortField.column
      sql += " ORDER BY \(column) \(direction), rowid \(direction)"
    } else {
      sql += " ORDER BY rowid \(direction)"
    }
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
  /// Whether the query filters by name: SQLite then reads the name of every journey that the
  /// other filters keep.
  var isSearchingNames: Bool {
    !(nameContaining ?? "").isEmpty
  }
}
