#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyTable {
  /// The offset from which a window of a query is read by seeking the index on start dates
  /// rather than by stepping over the rows before it.
  static let seekingOffset = 1_000

  /// The query that reads the same rows as `query` where SQLite finds them faster: a window deep
  /// in an order by start date (a list or browse opened at today, or scrolled to its end).
  ///
  /// Ties of start dates are ordered by id, which no index holds: SQLite's `OFFSET` would put
  /// every row before the window through its sorter, reading each from the table (seconds at
  /// half a million rows). Instead, the start date at the offset is read from the index alone,
  /// and so is the count of the journeys before that date; the window is then read from that
  /// date on, at the few rows of its ties that come before it. The rows and their order are
  /// exactly those of the query.
  func seeking(_ query: JourneyQuery) throws -> JourneyQuery {
    guard query.offset >= Self.seekingOffset, let first = query.sortKeys.first, first.field == .startDate,
      !query.filter.readsNames
    else { return query }
    let isDescending = first.isDescending != query.isReversed
    let column = JourneyField.startDate.column
    let order = isDescending ? "DESC" : "ASC"
    let (clauses, values) = query.sqlWhere
    guard
      let date = try connection.firstValue(
        "SELECT \(column) FROM journey\(clauses) ORDER BY \(column) \(order) LIMIT 1 OFFSET ?",
        values + [.integer(Int64(query.offset))])?.double
    else { return query }
    // The journeys before that date in the order, and the window from it on. No stored value
    // lies between a date and the next one up.
    var before = query
    var seeking = query
    if isDescending {
      before.startingFrom = Date(timeIntervalSinceReferenceDate: date.nextUp)
      seeking.startingBefore = Date(timeIntervalSinceReferenceDate: date.nextUp)
    } else {
      before.startingBefore = Date(timeIntervalSinceReferenceDate: date)
      seeking.startingFrom = Date(timeIntervalSinceReferenceDate: date)
    }
    seeking.offset = query.offset - (try count(before))
    return seeking
  }
}
