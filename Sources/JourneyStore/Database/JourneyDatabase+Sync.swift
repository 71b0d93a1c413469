#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Exchanges changes with a remote (SYNC.md): sends this database's changes since its last
  /// sync as one change file, and merges the other replicas' files in, field by field, as one
  /// batch of the change log (origin `sync from …`) that `history` shows and `undo` takes back.
  ///
  /// The work runs off the caller's thread, on a connection of its own (as a background import
  /// does); the managed journeys and live lists then take the received changes in, as they take
  /// in any other process's commit.
  ///
  /// With a secret, a new remote is encrypted (SYNC.md, "Encryption"): every file is sealed, its
  /// name authenticated, and `roadtrip-remote.json` holds the key's salt and check value, never
  /// the secret. An encrypted remote needs its secret; a plain one refuses one.
  /// - Parameters:
  ///   - remote: Where the files go: `remote(for:)` makes one from what a user typed.
  ///   - secret: The secret of an encrypted remote (`SyncSecret(fileAt:)`,
  ///     `SyncSecret(environment:)`), or `nil` for a plain one.
  /// - Returns: What went out and came in. Refused files (damaged, tampered with, sealed with
  ///   another secret) and files that could not be sent are in the summary: what could be done
  ///   was done and committed.
  /// - Throws: `SyncError` or `SyncRemoteError` when the remote cannot be used, and
  ///   `SyncEncryptionError` when the secret does not fit it (nothing changed then), or what a
  ///   write throws (`SQLiteError.busy` for a database locked past the busy timeout).
  public func sync(with remote: some SyncRemote, secret: SyncSecret? = nil) async throws
    -> SyncSummary
  {
    waitForPendingWrites()
    let (path, configuration) = (path, configuration)
    let summary = try await Task.detached {
      try JourneyDatabase(path: path, configuration: configuration).synchronize(
        with: remote, secret: secret)
    }.value
    _ = try refresh()
    return summary
  }

  /// `sync(with:)` on this database's own connection, on the calling thread: for a program that
  /// does nothing else meanwhile, such as the `roadtrip` command.
  public func synchronize(with remote: some SyncRemote, secret: SyncSecret? = nil) throws
    -> SyncSummary
  {
    waitForPendingWrites()
    try prepareForWriting()
    let session = SyncSession(
      connection: connection, remote: remote,
      kind: (remote is GitRemote ? RemoteKind.git : .folder).rawValue, secret: secret)
    // Received journeys and their registers go to random places of the file: a large write's cache.
    let summary = try connection.withPageCache(ofAtLeast: Self.largeWritePageCacheKiB) {
      try session.run(verify: verifySchema)
    }
    if summary.batch != nil {
      liveLists.invalidateAll()
      _ = try refresh()
    }
    return summary
  }

  /// Compacts a remote (`roadtrip sync --compact`, SYNC.md "Snapshots and long histories"):
  /// syncs, writes a snapshot of every journey's merge state and the version vector it covers,
  /// then removes the change files it covers that every replica known to the remote has applied
  /// (each replica's newest file says what it applied). A new database joins from the snapshot.
  /// - Parameter secret: As for `synchronize(with:secret:)`: the snapshot is sealed as the
  ///   change files are.
  /// - Returns: The sync, the snapshot and what was removed.
  /// - Throws: What `synchronize(with:)` throws; `SyncError.cannotReachRemote` when the
  ///   snapshot cannot be written or a file removed.
  public func compact(with remote: some SyncRemote, secret: SyncSecret? = nil) throws
    -> SyncCompaction
  {
    waitForPendingWrites()
    try prepareForWriting()
    let session = SyncSession(
      connection: connection, remote: remote,
      kind: (remote is GitRemote ? RemoteKind.git : .folder).rawValue, secret: secret)
    let compaction = try connection.withPageCache(ofAtLeast: Self.largeWritePageCacheKiB) {
      try session.compact(verify: verifySchema)
    }
    if compaction.sync.batch != nil {
      liveLists.invalidateAll()
      _ = try refresh()
    }
    return compaction
  }

  /// What waits to be sent, and the remembered remote; reads only (a file of an older schema,
  /// which never synced, reads as such).
  public func syncStatus() throws -> SyncStatus {
    guard try hasCurrentSchema() else { return SyncStatus() }
    return try SyncRecords(connection: connection).status()
  }

  /// Every conflict a sync found, oldest first.
  public func syncConflicts() throws -> [SyncConflict] {
    guard try hasCurrentSchema() else { return [] }
    return try SyncRecords(connection: connection).conflicts()
  }

  /// Puts a conflict's lost value back, as a new local change (the next sync sends it): the
  /// field gets it, and a journey a delete took away comes back with it.
  /// - Returns: The conflict, restored.
  /// - Throws: `SyncConflictError.noSuchConflict`, `.alreadyRestored`.
  @discardableResult
  public func restoreConflict(_ id: Int64) throws -> SyncConflict {
    let records = SyncRecords(connection: connection)
    guard try hasCurrentSchema(), let conflict = try records.conflict(id),
      let lost = try records.lostValue(of: id)
    else {
      throw SyncConflictError.noSuchConflict(id)
    }
    if let batch = conflict.restoredBy { throw SyncConflictError.alreadyRestored(id, batch: batch) }
    let field = JourneyField.all.firstIndex(of: conflict.field)!
    var restored: [DatabaseValue] = []
    try write { batch in
      if let current = try JourneyRow.values(of: conflict.journeyID, in: connection) {
        restored = current
        restored[field] = lost
        try batch.update(id: conflict.journeyID, from: current, to: restored)
      } else {
        let registers = try RegisterStore(connection: connection).registers(
          of: conflict.journeyID.lowercasedText)
        restored = registers?.values ?? []
        guard restored.count == JourneyField.all.count, !restored.contains(.null) else {
          throw SyncConflictError.noSuchConflict(id)
        }
        restored[field] = lost
        try batch.insert(id: conflict.journeyID, values: restored)
      }
      try records.markRestored(id, by: try batch.open())
    }
    refresh(conflict.journeyID, with: restored)
    return try records.conflict(id) ?? conflict
  }
}
