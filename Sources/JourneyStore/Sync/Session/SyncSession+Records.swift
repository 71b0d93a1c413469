/// What syncs recorded, as the front reads it (`sync --status`, `sync conflicts`).
extension SyncSession {
  /// What waits to be sent, what is held back, and the remembered remote.
  static func status(in connection: Connection) throws -> SyncStatus {
    try SyncRecords(connection: connection).status()
  }

  /// Every conflict a sync found, oldest first.
  static func conflicts(in connection: Connection) throws -> [SyncConflict] {
    try SyncRecords(connection: connection).conflicts()
  }
}
