#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyTable {
  /// The offset from which a window of a query is read by seeking the index on start dates
  /// rather than by stepping over the rows before it.
  static let seekingOffset = 1_000

  /// The offset from which a seek counts the whole list first, to step from its nearer end: a
  /// count of every journey (SQLite counts an index's pages, not its entries) costs less than
  /// stepping over this many of them twice, once to the window's date and once to count the
  /// rows before it.
  static let countingOffset = 100_000

  /// The query that reads the same rows as `query` where SQLite finds them faster: a window deep
  /// in an order by start date (a list or browse opened at today, or scrolled to its end).
  ///
  /// Ties of start dates are ordered by id, which no index holds: SQLite's `OFFSET` would put
  /// every row before the window through its sorter, reading each from the table (seconds at
  /// half a million rows). Instead, the start date at the offset is read from the index alone,
  /// and so is the count of the journeys before that date; the window is then read from that
  /// date on, at the few rows of its ties that come before it. The rows and their order are
  /// exactly those of the query.
  ///
  /// From `countingOffset` on, the list is counted first, and both steps go from its nearer end:
  /// today's journeys lie near the end of a list by start date, where people look.
  /// - Parameter countingOffset: The offset from which the list is counted first.
  func seeking(_ query: JourneyQuery, countingFrom countingOffset: Int = Self.countingOffset) throws -> JourneyQuery {
    guard query.offset >= Self.seekingOffset, let first = query.sortKeys.first, first.field == .startDate,
      !query.filter.readsNames
    else { return query }
    let isDescending = first.isDescending != query.isReversed
    // The list's count, when it was counted and the window lies nearer its end: the steps are
    // taken from there.
    var countFromEnd: Int?
    if query.offset >= countingOffset {
      let total = try count(query)
      guard query.offset < total else { return Self.pastTheEnd(of: query) }
      if total - 1 - query.offset < query.offset { countFromEnd = total }
    }
    let steps = countFromEnd.map { $0 - 1 - query.offset } ?? query.offset
    let column = JourneyField.startDate.column
    let order = isDescending != (countFromEnd != nil) ? "DESC" : "ASC"
    let (clauses, values) = query.sqlWhere
    guard
      let stored = try connection.firstValue(
        "SELECT \(column) FROM journey\(clauses) ORDER BY \(column) \(order) LIMIT 1 OFFSET ?",
        values + [.integer(Int64(steps))])?.double
    else { return Self.pastTheEnd(of: query) }
    // The journeys before that date in the order, counted from the same end, and the window
    // from it on. No stored value lies between a date and the next one up.
    let date = Date(timeIntervalSinceReferenceDate: stored)
    let next = Date(timeIntervalSinceReferenceDate: stored.nextUp)
    var counted = query
    var seeking = query
    switch (isDescending, countFromEnd != nil) {
    case (false, false): counted.startingBefore = date
    case (false, true): counted.startingFrom = date
    case (true, false): counted.startingFrom = next
    case (true, true): counted.startingBefore = next
    }
    if isDescending {
      seeking.startingBefore = next
    } else {
      seeking.startingFrom = date
    }
    let counts = try count(counted)
    let before = countFromEnd.map { $0 - counts } ?? counts
    seeking.offset = query.offset - before
    return seeking
  }

  /// A window past the end of the list, which selects nothing without stepping over the list.
  private static func pastTheEnd(of query: JourneyQuery) -> JourneyQuery {
    var empty = query
    (empty.offset, empty.limit) = (0, 0)
    return empty
  }
}
