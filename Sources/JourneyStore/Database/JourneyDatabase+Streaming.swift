extension JourneyDatabase {
  /// Hands each journey a query selects to `body`, one at a time, as a new unmanaged object,
  /// without holding them all in memory: for exports and long listings.
  ///
  /// ```swift
  /// try database.forEachJourney { print($0.name) }   // fails on an unreadable row
  /// try database.forEachJourney(onUnreadable: { print("left out: \($0)") }) { print($0.name) }
  /// ```
  /// - Parameters:
  ///   - query: What to select, in which order, how many.
  ///   - onUnreadable: Called for each row roadtrip cannot read as it is (a value another
  ///     program stored that the model cannot hold, `JourneyDatabaseError.unreadableValue`, or
  ///     an id that is not a lowercase UUID, `.foreignID`), in its place among the others,
  ///     which then go on. What it throws ends the reading and is rethrown. By default it
  ///     rethrows the error: the reading stops at the first such row.
  ///   - body: Called with each journey that can be read.
  /// - Throws: What `onUnreadable` or `body` throws, or `SQLiteError`.
  public func forEachJourney(
    _ query: JourneyQuery = JourneyQuery(), onUnreadable: (JourneyDatabaseError) throws -> Void = { throw $0 },
    _ body: (Journey) throws -> Void
  ) throws {
    try checkOpen()
    try journeyTable.forEachJourney(query, onUnreadable: onUnreadable, body)
  }

  /// Writes the journeys a query selects straight from the database rows, without making journey
  /// objects: the fast path of `export` and of listings in interchange formats.
  ///
  /// A row left out is never begun: what is written stays a whole document (one JSON array, one
  /// CSV header) of the journeys that could be read.
  /// - Parameters:
  ///   - query: What to select, in which order, how many.
  ///   - writer: Where the journeys go; `finish()` is left to the caller.
  ///   - onUnreadable: Called for each row roadtrip cannot read as it is, which is then left out,
  ///     as `forEachJourney(_:onUnreadable:_:)` says. By default it rethrows the error: the
  ///     writing stops at the first such row.
  /// - Throws: What the writer's output or `onUnreadable` throws, or `SQLiteError`.
  public func write(
    _ query: JourneyQuery = JourneyQuery(), to writer: inout JourneyWriter,
    onUnreadable: (JourneyDatabaseError) throws -> Void = { throw $0 }
  ) throws {
    try checkOpen()
    try write(query, to: &writer, onUnreadable: onUnreadable, afterEach: { _ in })
  }

  /// Writes as `write(_:to:onUnreadable:)` does, calling `afterEach` with the number of journeys
  /// written so far after each one: what it throws (a cancelled task's `CancellationError`) stops
  /// the writing.
  func write(
    _ query: JourneyQuery, to writer: inout JourneyWriter,
    onUnreadable: (JourneyDatabaseError) throws -> Void, afterEach: (Int) throws -> Void
  ) throws {
    try journeyTable.forEachRow(query, onUnreadable: onUnreadable) { row, values in
      try writer.write(row: row, values: values)
      try afterEach(writer.journeyCount)
    }
  }
}
