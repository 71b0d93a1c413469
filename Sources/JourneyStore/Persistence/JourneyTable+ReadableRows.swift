extension JourneyTable {
  /// Hands `body` what `read` makes of each row that `sql` selects, in order; a row that `read`
  /// refuses as one roadtrip cannot read as it is (`JourneyDatabaseError.unreadableValue`,
  /// `.foreignID`) goes to `onUnreadable` instead, and is left out.
  ///
  /// The one place where the reading APIs (`JourneyDatabase.journeys(_:onUnreadable:)`,
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
    let (clauses, values) = try seeking(query).sqlClauses
    try forEachReadableRow(
      "SELECT \(JourneyRow.columns), rowid FROM journey\(clauses)", values, reading: read,
      onUnreadable: onUnreadable, body)
  }

  /// Hands each journey a query selects to `body`, as a new unmanaged object
  /// (`JourneyDatabase.forEachJourney(_:onUnreadable:_:)`); a row roadtrip cannot read as it is
  /// goes to `onUnreadable` instead.
  /// - Throws: What `onUnreadable` or `body` throws, or `SQLiteError`.
  func forEachJourney(
    _ query: JourneyQuery, onUnreadable: (JourneyDatabaseError) throws -> Void,
    _ body: (Journey) throws -> Void
  ) throws {
    try forEachReadableRow(
      of: query,
      reading: { row throws(JourneyDatabaseError) in
        JourneyRow.journey(
          id: try JourneyRow.readableID(of: row),
          values: try JourneyRow.readableFieldValues(of: row))
      },
      onUnreadable: onUnreadable, body)
  }

  /// Hands each row a query selects (the id, then the fields) to `body` with its field values,
  /// read and checked, without making a journey object: what an export writes
  /// (`JourneyDatabase.write(_:to:onUnreadable:)`). A row roadtrip cannot read as it is goes to
  /// `onUnreadable` instead, before `body` saw anything of it.
  /// - Throws: What `onUnreadable` or `body` throws, or `SQLiteError`.
  func forEachRow(
    _ query: JourneyQuery, onUnreadable: (JourneyDatabaseError) throws -> Void,
    _ body: (Statement, JourneyValues) throws -> Void
  ) throws {
    let (clauses, values) = try seeking(query).sqlClauses
    try forEachReadableRow(
      "SELECT \(JourneyRow.columns) FROM journey\(clauses)", values,
      reading: { row throws(JourneyDatabaseError) in
        try JourneyRow.checkReadableID(of: row)
        return (row, try JourneyRow.readableFieldValues(of: row))
      },
      onUnreadable: onUnreadable
    ) { row, values in
      try body(row, values)
    }
  }
}
