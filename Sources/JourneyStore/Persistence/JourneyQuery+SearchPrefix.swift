extension JourneyQuery {
  /// For a window (a limit) of a search in an order: a cheaper read that is exact when it
  /// returns a full window, or `nil` when there is none to try.
  ///
  /// A search sorts its matches after reading every name (`sqlClauses`), which costs a scan of
  /// the table however common the text. This read takes only the first `prefixFactor` times
  /// `offset + limit` journeys of the order without the search, from the index as a query
  /// without a search does, and keeps those whose names match, in order. When that prefix
  /// holds a full window of matches, they are the window's journeys; when it does not (a rare
  /// text), the caller reads the window with `sqlClauses`. The rows are those of
  /// `SELECT \(JourneyRow.columns), rowid`.
  var searchPrefixSQL: (sql: String, values: [DatabaseValue])? {
    guard isSearchingNames, !sortKeys.isEmpty, let limit, limit > 0 else { return nil }
    let (needed, overflow) = offset.addingReportingOverflow(limit)
    guard !overflow, needed <= Self.longestPrefix / Self.prefixFactor else { return nil }
    var prefix = self
    (prefix.nameContaining, prefix.limit, prefix.offset) = (nil, needed * Self.prefixFactor, 0)
    // A prefix that reads names itself (an either-or search) is not read from the index.
    guard !prefix.filter.readsNames else { return nil }
    var window = self
    window.filter = Filter(nameContaining: nameContaining)
    let (inner, innerValues) = prefix.sqlClauses
    let (outer, outerValues) = window.sqlClauses
    // The inner read's `rowid` column is what `rowid` names in the outer one.
    let columns = "\(JourneyRow.columns), rowid"
    let sql = "SELECT \(columns) FROM (SELECT \(columns) FROM journey\(inner))\(outer)"
    return (sql, innerValues + outerValues)
  }

  /// How many journeys of the order the prefix holds for each one of the window: texts found
  /// in at least one name in this many fill the window from it.
  static let prefixFactor = 20
  /// The longest prefix read: each of its journeys is a random read of a row through the
  /// index (about 4 µs on a large file), so that a longer one costs as much as the scan.
  static let longestPrefix = 10_000
}
