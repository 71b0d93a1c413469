#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One sync of a database with a remote (SYNC.md), on one connection:
///
/// 1. the remote is made current and listed (its identity made when the folder is new), and the
///    files to apply are read (`readAhead`), before the write transaction begins;
/// 2. in one write transaction (`Batch.write`): this replica's files that the remote holds now
///    are confirmed; every local batch not sent yet is stamped with a clock, merged into the
///    registers, and recorded as the next file (`sync_sent`, its bytes kept until the remote is
///    seen to hold it), with the version vector as it was before receiving; the other replicas'
///    files not applied yet are merged in causal order, and the journeys they change are
///    written as one batch, `sync from …`, which `history` shows and `undo` takes back (the
///    state is read again there: what another sync applied meanwhile is skipped);
/// 3. after the commit, the files not on the remote yet are added to it and published; once
///    published, they are confirmed (their bytes dropped) and a remote this sync made is
///    remembered by its id.
struct SyncSession {
  let connection: Connection
  let remote: any SyncRemote
  /// The secret given for an encrypted remote, or `nil`.
  var secret: SyncSecret? = nil
  /// What every file's bytes go through; `run` sets it from the remote and the secret.
  var sealing: any SyncFileSealing = PlainFiles()
  /// Writes the sync's batch, as every write of the database is written: the database's
  /// managed journeys and live lists take it in as it commits (and a worker notes it in its
  /// owner's batches in flight, `JourneyDatabase.runLongWork`).
  let writer: Writer
  /// Told the number of row changes sent and received so far, after each one; what it throws
  /// (`CancellationError`) rolls the sync's transaction back.
  var onChange: (Int) throws -> Void = { _ in }
  /// Whether the caller asked the sync to stop (its task was cancelled): the git command that
  /// makes the remote current then (a clone, a fetch) is stopped, and the sync ends with
  /// `CancellationError`, nothing of it done. Nothing stops the publishing after the commit.
  var stopRequested: (@Sendable () -> Bool)? = nil
  /// Whether the sync starts or joins a new remote in place of a lost one (`sync --new-remote`):
  /// it may make a remote while another is remembered, and sends a snapshot of everything this
  /// database holds (SYNC.md, "A lost remote").
  var startsNewRemote = false

  /// Makes the remote current, reads its identity (making a new remote, encrypted when a secret
  /// was given), derives the key once when the remote is encrypted, and exchanges the files.
  /// - Throws: `SyncEncryptionError` before anything is read or written when the secret does
  ///   not fit the remote (none for an encrypted one, one for a plain one, another secret).
  func run() throws -> SyncSummary {
    let folder = try fetchRemote()
    let remembered = try RememberedRemote.read(in: connection)
    var newCipher: SyncCipher?
    let (identity, created) = try folder.identity(
      mayCreate: {
        try RememberedRemote.checkMaking(
          remote, remembered: remembered, startingNewRemote: startsNewRemote)
      }
    ) {
      newCipher = try secret.map { try SyncCipher(newRemoteWith: $0) }
      return newCipher?.encryption
    }
    if !created { try RemoteKeyID.check(identity, in: connection) }
    var session = self
    if created, let newCipher {
      session.sealing = newCipher
    } else {
      session.sealing = try SyncEncryption.sealing(for: identity.encryption, secret: secret)
    }
    return try session.exchange(
      with: folder, identity: identity, created: created)
  }

  /// Makes the remote current (`SyncRemote.fetch()`), stopped when asked to stop.
  func fetchRemote() throws -> RemoteFolder {
    RemoteFolder(path: try stopRequested.map { try remote.fetch(stoppingWhen: $0) } ?? remote.fetch())
  }

  private func exchange(
    with folder: RemoteFolder, identity: RemoteFolder.Identity, created: Bool
  ) throws -> SyncSummary {
    let remoteID = identity.id
    let listing = try folder.changeFiles()
    // Before the transaction: a slow share must not hold the database's write lock.
    try readAhead(listing, in: folder)
    var summary = SyncSummary(remote: remote.shownLocation, replica: "")
    summary.createdRemote = created
    var unpublished: [(seq: Int64, name: String, bytes: [UInt8])] = []
    var snapshotName: String?
    var replaced: Set<Int64> = []
    var changes = 0
    let counted = {
      changes += 1
      try onChange(changes)
    }
    var conflicts: [MergeConflict] = []
    var restored: [Int64] = []
    // The conflicts name the received batch as it is committed: none when it changed nothing.
    let recordConflicts = { (batch: Int64?) in
      try ConflictRecords(connection: connection).record(conflicts, batch: batch)
      if let batch {
        let records = SyncRecords(connection: connection)
        for id in restored { try records.markRestored(id, by: batch) }
      }
      summary.batch = batch
    }
    try writer.write(origin: "sync", beforeCommit: recordConflicts) { batch in
      var state = try ReplicaState.loadOrCreate(in: connection)
      let moves = try remember(
        remoteID, in: folder, created: created, listing: listing, state: state)
      try RemoteKeyID.remember(identity.encryption, in: connection)
      var journeys = SyncJourneys(
        store: try RegisterStore.forWriting(on: connection), reads: BulkReads.mode)
      if moves {
        // Before this sync's own changes are stamped: they go as its next change file, which
        // the others merge as any other (conflicts included).
        snapshotName = try sendSnapshot(of: state, to: folder, summary: &summary)
        // The files the lost remote held are the snapshot's now, not files the new remote lost:
        // only those never published there are sent, under their numbers.
        try SentFiles(connection: connection).forgetPublished()
      }
      if !state.isNew {
        replaced = try checkOwnFiles(
          listing[state.id] ?? [], in: folder, state: &state, summary: &summary)
      }
      try send(&state, summary: &summary, prefetch: { try journeys.read($0) }) {
        number, update in
        try counted()
        try journeys.merge(number: number, received: false, update)
      }
      // Several snapshots when replicas moved to a new remote each sent theirs.
      while let snapshot = try joiningSnapshot(
        listing, from: folder, state: state, summary: &summary)
      {
        try journeys.read(snapshot.registers.lazy.map(\.journey))
        try join(snapshot, state: &state, summary: &summary) { journey, theirs, replicas in
          try counted()
          try journeys.merge(journey, received: true) { registers in
            let merged = registers.merged(with: theirs) { replicas[$0] }
            guard merged != registers else { return false }
            registers = merged
            return true
          }
        }
      }
      let merge = try receive(
        listing, from: folder, state: &state, summary: &summary,
        prefetch: { try journeys.read(keys: $0) }
      ) { number, body in
        try counted()
        try journeys.merge(number: number, received: true, body)
      }
      try HeldBackReplica.record(summary.heldBackReplicas, in: connection)
      let order = journeys.inIdOrder()
      let refused = try write(
        journeys, in: order, through: batch, state: state, summary: &summary)
      if summary.receivedFiles > 0 {
        restored = try conflictsRestored(by: journeys, in: order)
      }
      try journeys.save(in: order)
      conflicts = merge.conflicts + refused
      summary.conflicts = conflicts.count
      summary.replica = state.id
      try state.save()
      // A sync with nothing new writes nothing, so that it commits nothing (P12).
      if summary.sentChanges > 0 || summary.receivedFiles > 0 || state.isNew
        || summary.renewedFrom != nil
      {
        try RememberedRemote.noteSynced(in: connection)
      }
      for (seq, bytes) in try SentFiles(connection: connection).pending() {
        unpublished.append((seq, ChangeFile.name(replica: state.id, seq: seq), bytes))
      }
    }
    try publish(
      unpublished, replacing: replaced, to: folder, remoteID: remoteID, createdRemote: created,
      also: snapshotName.map { [$0] } ?? [], summary: &summary)
    return summary
  }

  /// Remembers the remote, or refuses a remote other than the one this database syncs with
  /// (`sync --new-remote` moves it to one that a replica of this database made or joined).
  ///
  /// A remote this sync made (`created`) is remembered without its id (an empty `remote_id`)
  /// until it is published (`confirm`): a git push that fails leaves the remote empty, and the
  /// next sync, which may find a remote another replica made meanwhile, takes the id it finds.
  /// - Returns: Whether the database moves to a new remote with this sync, and so sends it a
  ///   snapshot: `startsNewRemote` and a database that synced before, whose remote is another
  ///   one or not published yet (a move whose push failed).
  private func remember(
    _ remoteID: String, in folder: RemoteFolder, created: Bool, listing: [String: [Int64]],
    state: ReplicaState
  ) throws -> Bool {
    let known = try RememberedRemote.id(in: connection)
    let rememberedID = created ? "" : remoteID
    let moves = startsNewRemote && !state.isNew && known != remoteID
    if moves, !created {
      try checkRelated(folder, id: remoteID, listing: listing, state: state)
    }
    let (location, kind) = (remote.description, remote.kind.rawValue)
    if known == "" || moves {
      try RememberedRemote.replace(location: location, kind: kind, id: rememberedID, in: connection)
    } else if let known {
      guard known == remoteID else {
        throw SyncError.otherRemote(path: folder.path, found: remoteID, known: known)
      }
      try RememberedRemote.relocate(to: location, kind: kind, in: connection)
    } else {
      try RememberedRemote.add(location: location, kind: kind, id: rememberedID, in: connection)
    }
    return moves
  }
}
