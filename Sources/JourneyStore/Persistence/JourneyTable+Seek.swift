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
    let (whereClause, values) = query.sqlWhere
    guard
      let date = try connection.firstValue(
        "SELECT \(column) FROM journey\(whereClause) ORDER BY \(column) \(isDescending ? "DESC" : "ASC") LIMIT 1 OFFSET ?",
        values + [.integer(Int64(query.offset))])?.double
    else { return query }
    let and = whereClause.isEmpty ? " WHERE " : whereClause + " AND "
    let before = try connection.firstValue(
      "SELECT count(*) FROM journey\(and)\(column) \(isDescending ? ">" : "<") ?", values + [.real(date)])?.integer ?? 0
    var seeking = query
    if isDescending {
      // Up to the date itself: no stored value lies between it and the next one up.
      seeking.startingBefore = Date(timeIntervalSinceReferenceDate: date.nextUp)
    } else {
      seeking.startingFrom = Date(timeIntervalSinceReferenceDate: date)
    }
    seeking.offset = query.offset - Int(before)
    return seeking
  }
}
