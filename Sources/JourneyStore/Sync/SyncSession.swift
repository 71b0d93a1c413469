#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One sync of a database with a remote (SYNC.md), on one connection:
///
/// 1. the remote is made current and listed (its identity made when the folder is new);
/// 2. in one write transaction (`Batch.write`): this replica's files that the remote holds now
///    are confirmed; every local batch not sent yet is stamped with a clock, merged into the
///    registers, and recorded as the next file (`sync_sent`, its bytes kept until the remote is
///    seen to hold it), with the version vector as it was before receiving; the other replicas'
///    files not applied yet are merged in causal order, and the journeys they change are
///    written as one batch, `sync from …`, which `history` shows and `undo` takes back;
/// 3. after the commit, the files not on the remote yet are added to it and published; once
///    published, they are confirmed (their bytes dropped) and a remote this sync made is
///    remembered by its id.
struct SyncSession {
  let connection: Connection
  let remote: any SyncRemote
  let kind: String
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
    return try session.exchange(with: folder, identity: identity, created: created)
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
      try record(conflicts, batch: batch)
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
        try connection.run("DELETE FROM sync_sent WHERE pending IS NULL")
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
      try journeys.save(in: order)
      if summary.receivedFiles > 0 {
        restored = try conflictsRestored(by: journeys, in: order)
      }
      conflicts = merge.conflicts + refused
      summary.conflicts = conflicts.count
      summary.replica = state.id
      try state.save()
      // A sync with nothing new writes nothing, so that it commits nothing (P12: under 50 ms).
      if summary.sentChanges > 0 || summary.receivedFiles > 0 || state.isNew
        || summary.renewedFrom != nil
      {
        try connection.run(
          "UPDATE sync_remote SET last_sync = ?", [.real(Date().timeIntervalSinceReferenceDate)])
      }
      try connection.forEachRow(
        "SELECT seq, pending FROM sync_sent WHERE pending IS NOT NULL ORDER BY seq"
      ) { row in
        let seq = row.integer(at: 0)
        unpublished.append((seq, ChangeFile.name(replica: state.id, seq: seq), row.blob(at: 1)))
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
    var known: String?
    try connection.forEachRow("SELECT remote_id FROM sync_remote LIMIT 1") {
      known = $0.text(at: 0)
    }
    let rememberedID = created ? "" : remoteID
    let moves = startsNewRemote && !state.isNew && known != remoteID
    if moves, !created {
      try checkRelated(folder, id: remoteID, listing: listing, state: state)
    }
    if known == "" || moves {
      try connection.run(
        "UPDATE sync_remote SET url = ?, kind = ?, remote_id = ?",
        [.text(remote.description), .text(kind), .text(rememberedID)])
    } else if let known {
      guard known == remoteID else {
        throw SyncError.otherRemote(path: folder.path, found: remoteID, known: known)
      }
      try connection.run(
        "UPDATE sync_remote SET url = ?1, kind = ?2 WHERE url IS NOT ?1 OR kind IS NOT ?2",
        [.text(remote.description), .text(kind)])
    } else {
      try connection.run(
        "INSERT INTO sync_remote (url, kind, remote_id, added) VALUES (?, ?, ?, ?)",
        [
          .text(remote.description), .text(kind), .text(rememberedID),
          .real(Date().timeIntervalSinceReferenceDate),
        ])
    }
    return moves
  }

  /// Stamps the local batches not sent yet, merges them into the registers through `update`, and
  /// records them as this replica's next file. At the first sync the file holds every journey
  /// instead (the log may have been pruned), and every batch before it counts as sent.
  /// `prefetch` reads the registers of the journeys the changes name, once for each change, and
  /// hands back their numbers, in that order, by which `update` merges each change.
  private func send(
    _ state: inout ReplicaState, summary: inout SyncSummary,
    prefetch: ([String]) throws -> [Int],
    update: (Int, (inout JourneyRegisters) -> Bool) throws -> Void
  ) throws {
    let me = try state.number(of: state.id)
    let seq = (state.seen[state.id] ?? 0) + 1
    let vector = state.seen
    let lastBatch =
      try connection.firstValue("SELECT coalesce(max(id), 0) FROM batch")?.integer ?? 0
    var batches =
      try state.isNew
      ? [try everyJourney()]
      : OutgoingBatches(connection: connection).batches(after: state.sentBatch)
    batches.removeAll { $0.changes.isEmpty }
    let numbers = try prefetch(Self.journeys(in: batches.lazy.map(\.changes)))
    var next = numbers.startIndex
    var headers: [ChangeFile.BatchHeader] = []
    for outgoing in batches {
      let hlc = HybridClock.stamp(outgoing.date, after: state.lastHLC)
      state.lastHLC = hlc
      if !state.isNew {
        try connection.run(
          "UPDATE batch SET hlc = ? WHERE id = ?", [.integer(hlc), .integer(outgoing.id)])
      }
      headers.append(ChangeFile.BatchHeader(hlc: hlc, kind: outgoing.kind, origin: outgoing.origin))
      let write = { (value: DatabaseValue) in Register(value: value, hlc: hlc, by: me, seq: seq) }
      for change in outgoing.changes {
        guard case .text = change.journey else { continue }
        let number = numbers[next]
        next += 1
        try update(number) { registers in
          var changed = false
          switch change {
          case .insert(let values):
            if registers.present.assign(write(.integer(1))) { changed = true }
            for (index, value) in values.dropFirst().enumerated() {
              if registers.fields[index].assign(write(value)) { changed = true }
            }
          case .update(_, let new):
            for (index, value) in new.dropFirst().enumerated() {
              if let value, registers.fields[index].assign(write(value)) { changed = true }
            }
          case .delete(let old):
            if registers.present.assign(write(.integer(0))) { changed = true }
            for index in registers.fields.indices where registers.fields[index].hlc == 0 {
              if registers.fields[index].assign(write(old[index + 1])) { changed = true }
            }
          }
          return changed
        }
      }
      summary.sentChanges += outgoing.changes.count
    }
    state.sentBatch = lastBatch
    guard !batches.isEmpty else { return }
    let file = ChangeFile(
      header: ChangeFile.Header(
        format: ChangeFile.format, replica: state.id, seq: seq, vector: vector, batches: headers),
      bodies: batches.map(\.changes))
    // Kept unsealed until it is published: sealed then with the key of the remote it goes to
    // (a remote made again after a first push failed may have another salt).
    let bytes = try file.encoded()
    try connection.run(
      """
      INSERT INTO sync_sent (seq, first_batch, last_batch, digest, pending, size)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(seq), .integer(batches.first!.id), .integer(lastBatch),
        .blob(FileDigest.of(bytes)), .blob(bytes), .integer(Int64(bytes.count)),
      ])
    try state.markSeen(state.id, seq: seq)
  }

  /// Every journey as one batch of inserts: what a replica sends at its first sync.
  private func everyJourney() throws -> OutgoingBatches.Batch {
    var changes: [RowChange] = []
    try connection.forEachRow("SELECT \(JourneyRow.columns) FROM journey ORDER BY rowid") { row in
      changes.append(.insert((0..<Int32(1 + JourneyField.all.count)).map { row.value(at: $0) }))
    }
    return OutgoingBatches.Batch(
      id: 0, date: Date(), origin: "every journey at the first sync", kind: "command",
      changes: changes)
  }

  /// Applies the other replicas' files not applied yet: each replica's in order, stopping at a
  /// gap (a file not arrived yet waits for the next sync), each once every file its vector names
  /// is applied here. A file that cannot be read is refused by name, and nothing of it or of its
  /// replica's later files is applied. The files to apply are found first, then the registers of
  /// every journey they name are read at once (`prefetch`, given the bits of their ids that
  /// reading the files found, hands back their numbers, once for each change), then their
  /// changes are read again one at a time, where the first reading found them, and merged by
  /// number in the order of the numbers (`SyncJourneys` numbers the journeys the files name
  /// first in the order of their ids), each journey's changes in the order of the files: no
  /// file's changes are held as values, and the merge walks the registers in the order they lie (in the files' order, at
  /// random, a receive of 100,000 journeys spent a tenth of its time waiting for memory, and
  /// every later pass over the texts it made as much again: BENCHMARKS.md, P12).
  private func receive(
    _ listing: [String: [Int64]], from folder: RemoteFolder, state: inout ReplicaState,
    summary: inout SyncSummary, prefetch: ([JourneyKey]) throws -> [Int],
    merging: (Int, (inout JourneyRegisters) -> Bool) throws -> Void
  ) throws -> RegisterMerge {
    let files = try filesToApply(listing, from: folder, state: &state, summary: &summary)
    let keys = files.count == 1 ? files[0].file.keys : files.flatMap(\.file.keys)
    let numbers = try prefetch(keys)
    // Every file's batches, in order, with the write each carries, and where each change is.
    var batches: [(changes: Changeset, write: ReceivedWrite)] = []
    var places: [(batch: Int, offset: Int32)] = []
    places.reserveCapacity(keys.count)
    for (replica, seq, by, file) in files {
      let first = batches.count
      for (header, changes) in zip(file.header.batches, file.batches) {
        let write = ReceivedWrite(
          hlc: header.hlc, replica: replica, by: by, seq: seq, vector: file.header.vector)
        batches.append((changes, write))
      }
      places += file.places.lazy.map { (first + Int($0.batch), $0.offset) }
    }
    var merge = RegisterMerge(replicas: state.replicas)
    for (number, change, (batch, offset)) in Self.inOrder(places, numbers: numbers) {
      // The merge reads an update's new values only.
      let read = try batches[batch].changes.change(
        at: Int(offset), of: .journey, oldValuesOfUpdates: false)
      let write = batches[batch].write
      // A value this roadtrip does not store is held back here, before it reaches a register.
      let held = read.heldBackFields
      if !held.isEmpty {
        summary.note(
          held, of: read, journey: keys[change].lowercasedText,
          file: ChangeFile.name(replica: write.replica, seq: write.seq), replica: write.replica)
      }
      try merging(number) {
        merge.merge(
          read, heldBack: held, journey: keys[change].lowercasedText, write: write, into: &$0)
      }
    }
    return merge
  }

  /// The changes' numbers, indices and places, in the order of the numbers (`numbers`, one a
  /// change, from 0), a number's changes in their order: a counting sort, which moves each
  /// change's number and place with it (read from their arrays at random, they cost the merge a
  /// cache miss each).
  private static func inOrder(
    _ places: [(batch: Int, offset: Int32)], numbers: [Int]
  ) -> [(number: Int, change: Int, place: (batch: Int, offset: Int32))] {
    guard let largest = numbers.max() else { return [] }
    // Where each number's changes start, then where the next of them goes.
    var next = [Int](repeating: 0, count: largest + 2)
    for number in numbers { next[number + 1] += 1 }
    for number in 0...largest { next[number + 1] += next[number] }
    var order = [(number: Int, change: Int, place: (batch: Int, offset: Int32))](
      repeating: (0, 0, (0, 0)), count: numbers.count)
    for (change, number) in numbers.enumerated() {
      order[next[number]] = (number, change, places[change])
      next[number] += 1
    }
    return order
  }

  /// The ids of the journeys some changes name, once for each change.
  private static func journeys(in bodies: some Sequence<[RowChange]>) -> [String] {
    var journeys: [String] = []
    for change in bodies.joined() {
      if case .text(let journey) = change.journey { journeys.append(journey) }
    }
    return journeys
  }

  /// The other replicas' files to apply, in the order to apply them (see `receive`), read and
  /// marked applied; `lastHLC` is raised past their clocks. A file whose clock is too far ahead,
  /// or whose version vector claims files the remote does not hold (`ReceivedBounds`), is
  /// refused by name like one that cannot be read.
  private func filesToApply(
    _ listing: [String: [Int64]], from folder: RemoteFolder, state: inout ReplicaState,
    summary: inout SyncSummary
  ) throws -> [(replica: String, seq: Int64, by: Int64, file: ReceivedChangeFile)] {
    let bounds = ReceivedBounds(listing: listing)
    var waiting = listing.filter { $0.key != state.id }.mapValues { seqs in seqs }
    for (replica, seqs) in waiting {
      let seen = state.seen[replica] ?? 0
      waiting[replica] = seqs.filter { $0 > seen }
    }
    var files: [(replica: String, seq: Int64, by: Int64, file: ReceivedChangeFile)] = []
    var progress = true
    var decoded: [String: ReceivedChangeFile] = [:]
    while progress {
      progress = false
      for replica in waiting.keys.sorted() {
        while let seq = waiting[replica]?.first {
          // Not `seen + 1`: a version vector an older roadtrip accepted may hold the largest seq.
          guard seq - 1 == state.seen[replica] ?? 0 else {
            summary.heldBackReplicas.append(HeldBackReplica(
              replica: replica,
              file: ChangeFile.name(replica: replica, seq: (state.seen[replica] ?? 0) &+ 1),
              reason: HeldBackReplica.missing))
            waiting[replica] = nil
            break
          }
          let name = ChangeFile.name(replica: replica, seq: seq)
          let file: ReceivedChangeFile
          do {
            file = try decoded[name] ?? read(name, replica: replica, seq: seq, from: folder)
            try bounds.check(
              vector: file.header.vector, seen: state.seen, writer: replica, seq: seq)
            for header in file.header.batches {
              try bounds.check(clock: header.hlc, writtenBy: replica)
            }
          } catch {
            summary.refusedFiles.append(.init(name: name, reason: Self.reason(error)))
            summary.heldBackReplicas.append(
              HeldBackReplica(replica: replica, file: name, reason: Self.reason(error)))
            waiting[replica] = nil
            break
          }
          decoded[name] = file
          let ready = file.header.vector.allSatisfy { other, seq in
            other == replica || other == state.id || (state.seen[other] ?? 0) >= seq
          }
          guard ready else { break }
          decoded[name] = nil
          files.append((replica, seq, try state.number(of: replica), file))
          for header in file.header.batches { state.lastHLC = max(state.lastHLC, header.hlc) }
          summary.receivedChanges += file.keys.count
          try state.markSeen(replica, seq: seq)
          waiting[replica]!.removeFirst()
          summary.receivedFiles += 1
          if !summary.receivedFrom.contains(replica) { summary.receivedFrom.append(replica) }
          progress = true
        }
      }
    }
    summary.heldBackReplicas += HeldBackReplica.waiting(waiting, decoded: decoded, seen: state.seen)
    return files
  }

  /// A change file of the remote, opened and read (`ReceivedChangeFile`: every journey it names
  /// must be an id, a lowercase UUID).
  private func read(_ name: String, replica: String, seq: Int64, from folder: RemoteFolder) throws
    -> ReceivedChangeFile
  {
    guard let bytes = try folder.read(name) else { throw ChangeFileError.malformed("it is gone") }
    return try ReceivedChangeFile(
      decoding: try sealing.open(bytes, name: name), replica: replica, seq: seq)
  }

  /// Why a file of the remote was refused, as a message says it: what came from the remote in
  /// it (a table's name, a replica id) with its control characters escaped.
  static func reason(_ error: any Error) -> String {
    let reason =
      switch error {
      case ChangeFileError.malformed(let reason): reason
      case SyncError.refusedRemoteFile(_, let reason): reason + "; remove it from the remote"
      case let error as SyncError: error.description
      case let error as SyncEncryptionError: error.description
      default: String(describing: error)
      }
    return reason.escapingControlCharacters
  }

  /// Writes the journeys the received changes reached as their registers say, through the
  /// sync's batch (which the log records with the replicas it came from).
  ///
  /// A journey the table refuses as the registers say (fields merged from two writers whose
  /// start and duration together end after the year 9999) is written field by field
  /// (`writeFieldByField`): each field it refuses keeps its value here and is a conflict, whose
  /// lost value is the refused one.
  /// - Returns: Those conflicts.
  private func write(
    _ journeys: SyncJourneys, in idOrder: [(number: Int, key: JourneyKey?)],
    through batch: Batch, state: ReplicaState, summary: inout SyncSummary
  ) throws -> [MergeConflict] {
    let order = journeys.received(in: idOrder)
    guard !order.isEmpty else { return [] }
    let origin = "sync from " + summary.receivedFrom.joined(separator: ", ")
    batch.describeReceived(origin: origin, replicas: summary.receivedFrom.joined(separator: " "))
    // The journeys' rows as they are, read at once when they are many (`BulkReads`), with
    // their rowids, by which they are then written.
    let scanned: [(rowid: Int64, values: JourneyValues)?]? =
      try journeys.reads.scans(order.count) {
        try connection.firstValue("SELECT count(*) FROM journey")?.integer ?? 0
      }
      ? try { () throws -> [(rowid: Int64, values: JourneyValues)?] in
        var lookup = journeys.lookupInIDOrder()
        return try JourneyRow.rows(ofEach: journeys.count, in: connection) {
          lookup.number(ofID: $0)
        }
      }()
      : nil
    // Many new journeys (a join) go in as an import's do: the secondary indexes built after.
    var deferral = try IndexDeferral(connection: connection)
    if let scanned {
      try deferral.noteInserted(
        order.count { number, _ in
          scanned[number] == nil && journeys.registers[number].isPresent
        })
    }
    var refused: [MergeConflict] = []
    for (number, id) in order {
      let target = journeys.registers[number]
      let row = scanned?[number]
      let current = try scanned == nil ? JourneyRow.values(of: id, in: connection) : row?.values
      let values = target.values
      do {
        switch (current, target.isPresent) {
        case (nil, true):
          try batch.insert(id: id, values: values)
        case (.some, false):
          try batch.delete(id: id)
        case (let current?, true):
          // Compared there, once: a journey whose row holds the values already writes nothing.
          guard try !batch.update(id: id, rowid: row?.rowid, from: current, to: values).isEmpty
          else { continue }
        default:
          continue
        }
      } catch {
        // Not `catch let error where …`: that form crashes the Swift 6.3.1 optimizer (Batch).
        guard let refusal = error as? SQLiteError, refusal.kind == .constraint else { throw error }
        let (written, conflicts) = try writeFieldByField(
          id: id, rowid: row?.rowid, current: current, target: target, through: batch,
          state: state)
        refused += conflicts
        guard written else { continue }
      }
      summary.journeysChanged += 1
    }
    try batch.writeHeldLogRows()
    try deferral.rebuild()
    return refused
  }

  /// Writes what the table accepts of a journey it refused as the registers say: of a journey
  /// it holds, each field whose value leaves the row one the table accepts (in the order of
  /// `JourneyField.all`), so that a field refused once (a start and a duration from two
  /// writers that end after the year 9999, a value an older roadtrip merged) does not hold back
  /// the later edits of the others. Each field refused is a conflict whose lost value is the
  /// refused one, recorded once (`isRecorded`); a new journey is written only whole, and a
  /// field of it that no received value reached (a value held back:
  /// `JourneyField.accepts(received:)`) is no conflict.
  /// - Returns: Whether the row changed, and the conflicts.
  private func writeFieldByField(
    id: UUID, rowid: Int64?, current: JourneyValues?, target: JourneyRegisters,
    through batch: Batch, state: ReplicaState
  ) throws -> (written: Bool, conflicts: [MergeConflict]) {
    func conflict(_ field: JourneyField, _ register: Register) -> MergeConflict {
      MergeConflict(
        journey: id.lowercasedText, field: field, kept: current?[field], keptHLC: 0,
        keptReplica: state.id, lost: register.value, lostHLC: register.hlc,
        lostReplica: state.replicas[register.by] ?? "")
    }
    let differing = zip(JourneyField.all, target.fields).filter { field, register in
      current?[field] != register.value
    }
    guard let current else {
      // A new journey with a field no received value reached (it was held back, and the sync
      // said so) waits for one.
      if target.fields.contains(where: { $0.hlc == 0 }) { return (false, []) }
      return (false, try differing.map(conflict).filter { try !isRecorded($0) })
    }
    var values = current
    var conflicts: [MergeConflict] = []
    for (field, register) in differing {
      var candidate = values
      candidate[field] = register.value
      // The field itself, and the end its start and duration make.
      if JourneyRow.unreadableField(in: candidate, among: [field, .duration]) == nil {
        values = candidate
      } else {
        let refused = conflict(field, register)
        if try !isRecorded(refused) { conflicts.append(refused) }
      }
    }
    do {
      return (!(try batch.update(id: id, rowid: rowid, from: current, to: values).isEmpty), conflicts)
    } catch {
      guard let refusal = error as? SQLiteError, refusal.kind == .constraint else { throw error }
      return (false, try differing.map(conflict).filter { try !isRecorded($0) })
    }
  }

  /// Whether a refused write is recorded as a conflict already: the registers keep a value the
  /// table refused, and every later sync that reaches its journey meets it again.
  private func isRecorded(_ conflict: MergeConflict) throws -> Bool {
    try connection.firstValue(
      """
      SELECT count(*) FROM sync_conflict
      WHERE journey = ? AND field = ? AND lost_hlc = ? AND lost_replica = ?
      """,
      [
        .text(conflict.journey), .text(conflict.field.name), .integer(conflict.lostHLC),
        .text(conflict.lostReplica),
      ])?.integer ?? 0 > 0
  }

  private func record(_ conflicts: [MergeConflict], batch: Int64?) throws {
    let now = DatabaseValue.real(Date().timeIntervalSinceReferenceDate)
    for conflict in conflicts {
      try connection.run(
        """
        INSERT INTO sync_conflict (batch, at, journey, field, kept, kept_hlc, kept_replica,
          lost, lost_hlc, lost_replica)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          batch.map { .integer($0) } ?? .null, now, .text(conflict.journey),
          .text(conflict.field.name),
          conflict.kept ?? .null, .integer(conflict.keptHLC), .text(conflict.keptReplica),
          conflict.lost,
          .integer(conflict.lostHLC), .text(conflict.lostReplica),
        ])
    }
  }

  /// Adds the files not on the remote yet and publishes them; a file that cannot be written,
  /// or whose publishing fails, stays recorded with its bytes, and the next sync sends it.
  /// Once published, the files are confirmed (their bytes dropped: `sync --status` says
  /// nothing waits) and a remote this sync made is remembered by its id.
  /// A damaged file of this replica's (`replacing`) is removed and written again.
  private func publish(
    _ files: [(seq: Int64, name: String, bytes: [UInt8])], replacing: Set<Int64>,
    to folder: RemoteFolder, remoteID: String, createdRemote: Bool, also: [String],
    summary: inout SyncSummary
  ) throws {
    // The remote's identity always: a first sync that ended before its commit leaves it in a
    // git clone uncommitted (adding it again when it is committed changes nothing).
    var added = [RemoteFolder.identityName] + also
    var held: [Int64] = []
    for (seq, name, pending) in files {
      do {
        let bytes = try sealed(pending, name: name)
        if try folder.add(bytes, as: name) {
          added.append(name)
          held.append(seq)
        } else if let there = try folder.read(name),
          holds(there, name: name, digest: FileDigest.of(pending))
        {
          // Written by an earlier sync that ended before it confirmed it: published again (a
          // git clone may hold it uncommitted), then confirmed.
          added.append(name)
          held.append(seq)
        } else if replacing.contains(seq) {
          try folder.remove(name)
          guard try folder.add(bytes, as: name) else { continue }
          added.append(name)
          held.append(seq)
        } else {
          summary.sendFailure =
            "\(name) is taken by a file this replica did not write, which does not open as its "
            + "file: remove it, and the next sync sends this replica's file there"
          break
        }
        summary.sentFiles += 1
      } catch let error as RemoteWriteError {
        summary.sendFailure = "cannot write \(error.path): \(error.reason)"
        break
      } catch let error as SyncError {
        // After the commit: a file that cannot be read back is sent next time.
        summary.sendFailure = error.description
        break
      }
    }
    if !added.isEmpty {
      do {
        try remote.publish(added: added, message: "roadtrip sync from \(summary.replica)")
      } catch let error as SyncRemoteError {
        // After the commit: what was received stays, and the files go next time.
        summary.sendError = error
        summary.sendFailure = error.description
        summary.sentFiles = 0
        summary.createdRemote = false
        return
      }
    }
    confirm(held, remoteID: createdRemote ? remoteID : nil)
    if !held.isEmpty { folder.removeLeftovers(in: "replicas/" + summary.replica) }
  }

  /// A pending file's bytes as the remote gets them: sealed now, unless an older roadtrip kept
  /// them sealed already (`SealedFile.magic`).
  private func sealed(_ pending: [UInt8], name: String) throws -> [UInt8] {
    pending.starts(with: SealedFile.magic) ? pending : try sealing.seal(pending, name: name)
  }

  /// A pending file's bytes unsealed, as this roadtrip keeps them.
  func unsealed(_ pending: [UInt8], name: String) throws -> [UInt8] {
    pending.starts(with: SealedFile.magic) ? try sealing.open(pending, name: name) : pending
  }

  /// Whether a file on the remote holds this replica's file of `digest`: the digest of its
  /// bytes as they are (an older roadtrip's, sealed), or as they open.
  private func holds(_ bytes: [UInt8], name: String, digest: [UInt8]) -> Bool {
    OwnFiles.holds(bytes, name: name, digest: digest, sealing: sealing)
  }

  /// Records that the remote holds the files `seqs` (their bytes are dropped) and, for a remote
  /// this sync made, its id. A database locked at this moment is no failure: the next sync
  /// confirms the files by their digests and takes the remote's id as it finds it.
  private func confirm(_ seqs: [Int64], remoteID: String?) {
    guard !seqs.isEmpty || remoteID != nil else { return }
    _ = try? connection.transaction(.immediate) {
      for seq in seqs {
        try connection.run("UPDATE sync_sent SET pending = NULL WHERE seq = ?", [.integer(seq)])
      }
      if let remoteID {
        try connection.run(
          "UPDATE sync_remote SET remote_id = ? WHERE remote_id = ''", [.text(remoteID)])
      }
    }
  }
}
