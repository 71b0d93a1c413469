extension JourneyDatabase {
  /// Lets go of the file now, rather than when the last reference to the database goes away:
  /// as a window that closes its document, or before the file is moved, restored or deleted.
  ///
  /// - Write-through writes already made are saved first (or refused: their `onFailure` runs).
  /// - Managed journeys are no longer managed: each object keeps the values it holds, and an
  ///   edit of it from now on is nobody's to save. Unsaved edits are not saved (call `save()`
  ///   first); the journeys that had some are returned, as `onEditsDiscarded` would name them.
  /// - Live lists keep the journeys they hold and no longer change; their `lastError` is
  ///   `JourneyDatabaseError.closed`, and their observers are told once.
  /// - An `outsideChanges()` sequence, and so `follow()`, ends at its next wake (within a quarter
  ///   of a second); long work already running off the caller's actor runs to its end on its own
  ///   connection (cancel its task to stop it), and is not taken in here.
  ///
  /// Every call that reads or writes throws `JourneyDatabaseError.closed` from then on, and
  /// `close()` again does nothing. Open the file again with `JourneyDatabase(path:configuration:)`
  /// to use it: a new database hands out new objects.
  /// - Returns: The journeys whose unsaved edits were not saved, in the order of their ids.
  @discardableResult
  public func close() -> [Journey] {
    guard !isClosed else { return [] }
    waitForPendingWrites()
    writeThroughQueue = nil
    isClosed = true
    let error = JourneyDatabaseError.closed(path: path)
    liveLists.closeAll(with: error)
    let discarded = identityMap.releaseAll()
    connection.close()
    return discarded
  }

  /// Refuses a call on a closed database.
  /// - Throws: `JourneyDatabaseError.closed`.
  func checkOpen() throws(JourneyDatabaseError) {
    guard !isClosed else { throw .closed(path: path) }
  }
}
