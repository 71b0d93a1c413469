extension JourneyDatabase {
  /// Runs `body` in one read transaction: everything it reads comes from one consistent snapshot
  /// of the file, and SQLite takes its shared lock once rather than once a statement, which makes
  /// reading or resolving many journeys (ids piped to a command) several times faster.
  ///
  /// Other processes keep writing meanwhile (WAL); their commits are seen after `body` returns.
  /// Do not call it from inside `edit(ids:_:)` or another transaction.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or `SQLiteError` when the transaction cannot begin.
  public func reading<T>(_ body: () throws -> T) throws -> T {
    try checkOpen()
    return try connection.transaction(.deferred, body)
  }
}
