extension JourneyDatabase {
  /// Drops the oldest batches of the change log, as git expires its reflog: `history` no longer
  /// lists them, and `undo` stops at the first batch kept (it refuses to go further, saying the
  /// log was pruned). The journeys themselves are not touched.
  ///
  /// An undo or redo that is kept and describes its changes by the rows of a dropped batch keeps
  /// those rows; but a kept redo of deletes (an import's undo) is given its inserts as rows of its
  /// own, a range for many, and the deletes go. Run `vacuum()` afterwards to give the space back
  /// to the file system.
  /// - Returns: What was dropped.
  /// - Throws: `SQLiteError` (a lock held past the busy timeout, a full disk); nothing is dropped then.
  @discardableResult
  public func pruneHistory(_ pruning: HistoryPruning) throws -> PruneSummary {
    try checkOpen()
    try prepareForWriting()
    return try connection.transaction(.immediate) {
      try verifySchema()
      // The log keeps what sync has not sent; sync's records say how far it sent.
      return try changeLog.prune(
        pruning, keepingUnsentAfter: SyncRecords(connection: connection).sentBatch())
    }
  }

  /// Compacts the file: rebuilds it without the free pages that deletes and a pruned log left
  /// (SQLite's `VACUUM`), then truncates the write-ahead log. Other connections may keep reading;
  /// it waits for writers like any write.
  /// - Returns: The size of the file before and after, in bytes.
  /// - Throws: `SQLiteError` (a lock held past the busy timeout, a disk too full for the copy
  ///   `VACUUM` makes), or `JourneyDatabaseError.damagedSchema` for a schema another program
  ///   damaged (`db check` says what is wrong; nothing is rewritten); the file is unchanged then.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  @discardableResult
  public func vacuum() throws -> (before: Int64, after: Int64) {
    try checkOpen()
    try prepareForWriting()
    try verifySchema()
    return try file.vacuum()
  }
}
