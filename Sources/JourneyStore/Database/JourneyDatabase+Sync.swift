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
  /// The work is long work (`runLongWork`, as an async import): it runs off the caller's actor,
  /// on a connection of its own; when it commits, this database's managed journeys and live lists
  /// show what it received there, before the call returns, and the sync's batch is this
  /// database's own (`refresh()` does not report it back as another writer's).
  ///
  /// Cancelling the task stops the sync before it commits (within the git command that makes
  /// the remote current, a clone or a fetch, which is ended; between two row changes; or within
  /// the statement it is running): nothing of it stays, and the call throws
  /// `CancellationError`. Once the sync committed, the rest (adding and publishing the files)
  /// goes on.
  ///
  /// With a secret, a new remote is encrypted (SYNC.md, "Encryption"): every file is sealed, its
  /// name authenticated, and `roadtrip-remote.json` holds the key's salt and check value, never
  /// the secret. An encrypted remote needs its secret; a plain one refuses one.
  /// - Parameters:
  ///   - remote: Where the files go: `remote(for:)` makes one from what a user typed.
  ///   - secret: The secret of an encrypted remote (`SyncSecret(fileAt:)`,
  ///     `SyncSecret(environment:)`), or `nil` for a plain one.
  ///   - startingNewRemote: Whether the sync starts or joins a new remote in place of a lost one
  ///     (`roadtrip sync --new-remote`, SYNC.md "A lost remote"): without it, a remote this
  ///     database synced with that is now missing or empty is refused
  ///     (`SyncError.remoteMissing`), and so is any other remote (`.newRemoteNeeded`,
  ///     `.otherRemote`); with it, the database moves to `remote` and sends it a snapshot of
  ///     everything it holds. A remote none of whose replicas ever synced with this database is
  ///     refused (`.unrelatedRemote`).
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - progress: Called on the sync's thread with the row changes sent and received so far
  ///     (`total` is `nil`: the files are read as they come), at most every 50 ms and once at
  ///     the end.
  /// - Returns: What went out and came in. Refused files (damaged, tampered with, sealed with
  ///   another secret) and files that could not be sent (`sendFailure`; a push that failed:
  ///   `sendError`) are in the summary: what could be done was done and committed.
  /// - Throws: `SyncError` or `SyncRemoteError` when the remote cannot be used, and
  ///   `SyncEncryptionError` when the secret does not fit it (nothing changed then), or what a
  ///   write throws (`SQLiteError.busy` for a database locked past the busy timeout);
  ///   `CancellationError` when the task was cancelled before the sync committed.
  public func sync(
    with remote: some SyncRemote, secret: SyncSecret? = nil, startingNewRemote: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws -> SyncSummary {
    try checkOpen()
    // The work runs on a thread of its own, where the caller's task-local values are unseen.
    let reads = BulkReads.mode
    return try await runLongWork(progress: progress, isolation: isolation) { worker, work in
      let summary = try BulkReads.$mode.withValue(reads) {
        try worker.runSyncSession(
          with: remote, secret: secret, startingNewRemote: startingNewRemote,
          onChange: { changes in
            try work.checkCancellation()
            work.report(completed: changes)
          },
          stopRequested: { work.isCancelled }
        ) { session in
          try session.run()
        }
      }
      work.report(completed: summary.sentChanges + summary.receivedChanges, isFinal: true)
      return summary
    }
  }

  /// `sync(with:)` on this database's own connection, on the calling thread: for a program that
  /// does nothing else meanwhile, such as the `roadtrip` command.
  /// - Parameters:
  ///   - startingNewRemote: As for `sync(with:secret:startingNewRemote:isolation:progress:)`.
  ///   - progress: Called with the row changes sent and received so far, after each one (the
  ///     caller decides how often to show it).
  public func synchronize(
    with remote: some SyncRemote, secret: SyncSecret? = nil, startingNewRemote: Bool = false,
    progress: ((Int) -> Void)? = nil
  ) throws -> SyncSummary {
    try checkOpen()
    return try runSyncSession(
      with: remote, secret: secret, startingNewRemote: startingNewRemote,
      onChange: { progress?($0) }
    ) { session in
      try session.run()
    }
  }

  /// Compacts a remote (`roadtrip sync --compact`, SYNC.md "Snapshots and long histories"):
  /// syncs, writes a snapshot of every journey's merge state and the version vector it covers,
  /// then removes the change files it covers that every replica known to the remote has applied
  /// (each replica's newest file says what it applied). A new database joins from the snapshot.
  /// - Parameters:
  ///   - secret: As for `synchronize(with:secret:progress:)`: the snapshot is sealed as the
  ///     change files are.
  ///   - progress: As for `synchronize(with:secret:progress:)`, for its sync.
  /// - Returns: The sync, the snapshot and what was removed; no snapshot and nothing removed
  ///   when the sync could not send (its summary's `sendError` or `sendFailure` says why).
  /// - Throws: What `synchronize(with:)` throws; `SyncError.cannotReachRemote` when the
  ///   snapshot cannot be written or a file removed, `SyncRemoteError` when the removal cannot
  ///   be published.
  public func compact(
    with remote: some SyncRemote, secret: SyncSecret? = nil, progress: ((Int) -> Void)? = nil
  ) throws -> SyncCompaction {
    try checkOpen()
    return try runSyncSession(with: remote, secret: secret, onChange: { progress?($0) }) { session in
      try session.compact()
    }
  }

  /// Runs one sync session on this database's connection, given this database's writer
  /// (`Writer`), prepared (pending writes first, the schema upgraded) before the session reads
  /// anything, with a large write's page cache (received journeys and their registers go to
  /// random places of the file): the managed journeys and live lists take in the batch it
  /// commits as it commits, as any write's. `stopRequested` says when the caller asked the sync
  /// to stop (`SyncSession.stopRequested`).
  private func runSyncSession<Outcome>(
    with remote: some SyncRemote, secret: SyncSecret?, startingNewRemote: Bool = false,
    onChange: @escaping (Int) throws -> Void,
    stopRequested: (@Sendable () -> Bool)? = nil,
    _ body: (SyncSession) throws -> Outcome
  ) throws -> Outcome {
    var writer = writer
    writer.pageCacheKiB = Self.largeWritePageCacheKiB
    try writer.prepare()
    let session = SyncSession(
      connection: connection, remote: remote, secret: secret,
      writer: writer, onChange: onChange, stopRequested: stopRequested,
      startsNewRemote: startingNewRemote)
    return try body(session)
  }

  /// What waits to be sent, and the remembered remote; reads only (a file of an older schema,
  /// which never synced, reads as such).
  public func syncStatus() throws -> SyncStatus {
    try checkOpen()
    guard try hasCurrentSchema() else { return SyncStatus() }
    return try SyncSession.status(in: connection)
  }

  /// Every conflict a sync found, oldest first.
  public func syncConflicts() throws -> [SyncConflict] {
    try checkOpen()
    guard try hasCurrentSchema() else { return [] }
    return try SyncSession.conflicts(in: connection)
  }

  /// Puts a conflict's lost value back, as a new local change (the next sync sends it): the
  /// field gets it, and a journey a delete took away comes back with it.
  /// - Returns: The conflict, restored.
  /// - Throws: `SyncConflictError.noSuchConflict`, `.alreadyRestored`.
  @discardableResult
  public func restoreConflict(_ id: Int64) throws -> SyncConflict {
    try checkOpen()
    guard try hasCurrentSchema() else { throw SyncConflictError.noSuchConflict(id) }
    let restoration = try ConflictRestoration(id, on: connection)
    try writer.write { batch in
      try restoration.write(through: batch)
    }
    return try restoration.recorded()
  }
}
