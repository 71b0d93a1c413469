extension JourneyDatabase {
  /// What other processes commit from now on, as it is committed; see `OutsideChanges`.
  /// - Throws: `SQLiteError` when the change log cannot be read.
  public func outsideChanges() throws -> OutsideChanges {
    try markChangeLogPosition()
    return OutsideChanges(database: self, monitor: DatabaseMonitor(path: path))
  }
}
