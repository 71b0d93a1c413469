#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which journeys to fetch, and in which order: filters by transportation type, start date, the
/// time a journey is under way, duration and name, either-or conditions (`anyOf`), sort keys
/// each with its direction, a limit and an offset. The type, date and duration filters are
/// answered from indexes; the name filter by SQLite reading the names (names have no index).
///
/// ```swift
/// var query = JourneyQuery(transportationTypes: [.bike], sortedBy: [.ascending(.name), .descending(.startDate)])
/// query.overlapping = today.start..<today.end       // under way today, begun yesterday or not
/// query.lastingAtLeast = 30 * 60
/// ```
public struct JourneyQuery: Sendable {
  /// The conditions a journey must pass: the filters of the query's properties.
  var filter: Filter
  /// The keys to sort by, the first first, each in its own direction, ties broken by start date,
  /// then by id, as people expect of any order they ask for (`list --sort type`: each type's
  /// journeys by date); none keeps the order in which journeys were stored, the cheapest to read
  /// (what an export uses). Names sort case and accents aside (`abc` before `Zebra`, `émile`
  /// beside `emile`), the same in SQL and in memory; other fields by value.
  public var sortKeys: [SortKey]
  /// Reads the whole order backwards: each key's direction, and the ties' (`list --reverse`).
  /// To sort one key from the largest value down, give it that direction instead
  /// (`.descending(.startDate)`).
  public var isReversed: Bool
  /// Returns at most this many journeys.
  public var limit: Int?
  /// Skips this many journeys of the order first: with `limit`, a window of a long list. The
  /// window is placed by the saved values (journeys with unsaved edits are placed by their
  /// values within it).
  public var offset: Int

  /// A query; with no arguments, every journey by start date. The filters are those of
  /// `Filter`, which all hold together; `anyOf` adds filters of which at least one must hold.
  /// - Parameter sortedBy: The sort keys, each with its direction; none keeps the order in
  ///   which journeys were stored.
  public init(
    transportationTypes: Set<TransportationType> = [],
    startingFrom: Date? = nil,
    startingBefore: Date? = nil,
    overlapping: Range<Date>? = nil,
    lastingAtLeast: TimeInterval? = nil,
    lastingAtMost: TimeInterval? = nil,
    nameContaining: String? = nil,
    anyOf: [Filter] = [],
    sortedBy sortKeys: [SortKey] = [.ascending(.startDate)],
    limit: Int? = nil,
    offset: Int = 0
  ) {
    filter = Filter(
      transportationTypes: transportationTypes, startingFrom: startingFrom, startingBefore: startingBefore,
      overlapping: overlapping, lastingAtLeast: lastingAtLeast, lastingAtMost: lastingAtMost,
      nameContaining: nameContaining, anyOf: anyOf)
    self.sortKeys = sortKeys
    isReversed = false
    self.limit = limit
    self.offset = offset
  }

  /// A query with one sort key, or none when `sortField` is `nil`, the whole order reversed
  /// when `isDescending`.
  @_disfavoredOverload
  @available(
    *, deprecated,
    message: "give each sort key its direction: sortedBy: [.descending(.startDate)]; isReversed reads the whole order backwards"
  )
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
    self.init(
      transportationTypes: transportationTypes, startingFrom: startingFrom, startingBefore: startingBefore,
      nameContaining: nameContaining, sortedBy: sortField.map { [SortKey($0)] } ?? [], limit: limit,
      offset: offset)
    isReversed = isDescending
  }
}

extension JourneyQuery {
  /// The `WHERE` clause alone (empty without filters), with the values to bind to its
  /// parameters: what a count reads. An order that ends in the id would make SQLite read every
  /// counted row from the table, where an index alone answers the count.
  var sqlWhere: (sql: String, values: [DatabaseValue]) {
    let (conditions, values) = filter.sqlTerms
    return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
  }

  /// The `WHERE`, `ORDER BY` and `LIMIT` clauses, with the values to bind to their parameters.
  var sqlClauses: (sql: String, values: [DatabaseValue]) {
    var (sql, values) = sqlWhere
    // With a name filter (an either-or one too) the order never comes from an index (`+` keeps SQLite from using
    // one): walking an index costs a random read of a row for each journey it holds, and a rare
    // name would have SQLite read the whole table that way (4-10 s on 1M journeys, against one
    // scan and a sort of the matches). Ties of the keys by start date, then by id
    // (`tieBreakingKeys`); with no key, by rowid: the order journeys were stored in.
    let terms = orderKeys.flatMap { $0.sqlTerms(reversed: isReversed, usingIndex: !filter.readsNames) }
    let direction = isReversed ? "DESC" : "ASC"
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
  /// Whether the query's own filters search names (not only its `anyOf`): the search a window
  /// may read from a prefix of the order (`searchPrefixSQL`).
  var isSearchingNames: Bool {
    !(nameContaining ?? "").isEmpty
  }
}
