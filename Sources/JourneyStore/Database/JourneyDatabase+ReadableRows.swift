extension JourneyDatabase {
  /// Hands `body` what `read` makes of each row that `sql` selects, in order; a row that `read`
  /// refuses as one roadtrip cannot read as it is (`JourneyDatabaseError.unreadableValue`,
  /// `.foreignID`) goes to `onUnreadable` instead, and is left out.
  ///
  /// The one place where the reading APIs (`journeys(_:onUnreadable:)`,
  /// `forEachJourney(_:onUnreadable:_:)`, `write(_:to:onUnreadable:)`) react to such a row: only
  /// a refused row costs more than the checks themselves.
  /// - Throws: What `onUnreadable` or `body` throws, or `SQLiteError`.
  func forEachReadableRow<Value>(
    _ sql: String, _ arguments: [DatabaseValue],
    reading read: (Statement) throws(JourneyDatabaseError) -> Value,
    onUnreadable: (JourneyDatabaseError) throws -> Void,
    _ body: (Value) throws -> Void
  ) throws {
    try connection.forEachRow(sql, arguments) { row in
      let value: Value
      do throws(JourneyDatabaseError) {
        value = try read(row)
      } catch {
        try onUnreadable(error)
        return
      }
      try body(value)
    }
  }

  /// As `forEachReadableRow(_:_:reading:onUnreadable:_:)`, for the rows a query selects: the id,
  /// the fields, then the rowid.
  func forEachReadableRow<Value>(
    of query: JourneyQuery,
    reading read: (Statement) throws(JourneyDatabaseError) -> Value,
    onUnreadable: (JourneyDatabaseError) throws -> Void,
    _ body: (Value) throws -> Void
  ) throws {
    let (clauses, values) = query.sqlClauses
    try forEachReadableRow(
      "SELECT \(JourneyRow.columns), rowid FROM journey\(clauses)", values, reading: read, onUnreadable: onUnreadable,
      body)
  }
}
