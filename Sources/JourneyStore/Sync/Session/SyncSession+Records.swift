/// What syncs recorded, as the front reads it (`sync --status`, `sync conflicts`).
extension SyncSession {
  /// What waits to be sent, what is held back, and the remembered remote.
  static func status(in connection: Connection) throws -> SyncStatus {
    try SyncRecords(connection: connection).status()
  }

  /// Where the remembered remote is and its kind, or `nil` for a database that never synced: a
  /// row of `sync_remote`, without the counts of `status`.
  static func rememberedRemote(in connection: Connection) throws -> (location: String, kind: RemoteKind)? {
    try RememberedRemote.read(in: connection).map { ($0.location, $0.kind) }
  }

  /// Every conflict a sync found, oldest first.
  static func conflicts(in connection: Connection) throws -> [SyncConflict] {
    try SyncRecords(connection: connection).conflicts()
  }
}
