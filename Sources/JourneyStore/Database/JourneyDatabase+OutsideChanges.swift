extension JourneyDatabase {
  /// What other processes commit from now on, as it is committed; see `OutsideChanges`.
  /// - Throws: `SQLiteError` when the change log cannot be read.
  public func outsideChanges() throws -> OutsideChanges {
    try checkOpen()
    try markChangeLogPosition()
    return OutsideChanges(database: self, path: path)
  }

  /// Follows the file until the task is cancelled: every commit of another process reaches the
  /// managed journeys and the live lists by itself, as it is made, with no `refresh()` to call.
  /// A UI starts it once, where the database is used:
  ///
  /// ```swift
  /// let following = Task { @MainActor in try await database.follow() }
  /// // … later, when the window closes:
  /// following.cancel()
  /// ```
  /// - Throws: `SQLiteError` when the change log cannot be read.
  public func follow(isolation actor: isolated (any Actor)? = #isolation) async throws {
    try checkOpen()
    for try await _ in try outsideChanges() {}
  }
}
