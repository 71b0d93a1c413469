extension JourneyDatabase {
  /// Starts following the log from its end: `waitForCommit(using:timeout:isCancelled:)` reports
  /// the commits of other connections made after this call.
  /// - Returns: The end of the log now: read what comes after it with
  ///   `forEachChange(ChangeQuery(after:isNewestFirst: false))`.
  /// - Throws: `SQLiteError` when the file cannot be read.
  public func followChanges() throws -> JourneyChange.ID {
    try checkOpen()
    _ = try follower.hasOutsideCommit()
    return try endOfLog()
  }

  /// Blocks until another connection (another process, usually) commits to the file, or
  /// `timeout` passes, sleeping in between: `monitor` wakes it when the file is written.
  ///
  /// It looks on the schedule of `WakeSchedule`: a few times, briefly, after each write (a commit
  /// becomes visible a moment after its last write), and at least four times a second.
  /// - Parameters:
  ///   - monitor: A monitor of this database's file.
  ///   - timeout: How long to wait at most.
  ///   - isCancelled: Checked after each wake (a signal wakes it too); returns `false` at once when
  ///     it says so.
  /// - Returns: Whether another connection committed since the last call, or since the first
  ///   journey was managed.
  /// - Throws: `SQLiteError` when the file cannot be read.
  public func waitForCommit(
    using monitor: DatabaseMonitor, timeout: Duration, isCancelled: () -> Bool = { false }
  ) throws -> Bool {
    try checkOpen()
    return try follower.waitForCommit(using: monitor, timeout: timeout, isCancelled: isCancelled)
  }
}
