/// `sync --compact` (SYNC.md, "Snapshots and long histories"): a sync, then a snapshot of the
/// merge state, then the removal of the change files no replica needs any more.
extension SyncSession {
  func compact() throws -> SyncCompaction {
    let summary = try run()
    // A sync that could not send compacts nothing: its summary says what it received, and why
    // it could not send (`sendError`, `sendFailure`).
    guard summary.sendError == nil, summary.sendFailure == nil else {
      return SyncCompaction(sync: summary, snapshot: nil)
    }
    let folder = try fetchRemote()
    // The snapshot is sealed as the change files are: the remote exists now, and says how.
    var session = self
    let (identity, _) = try folder.identity { nil }
    session.sealing = try SyncEncryption.sealing(for: identity.encryption, secret: secret)
    return try session.compact(after: summary, in: folder)
  }

  private func compact(after summary: SyncSummary, in folder: RemoteFolder) throws
    -> SyncCompaction
  {
    guard let state = try ReplicaState.existing(in: connection) else {
      preconditionFailure("a sync leaves the replica's state")
    }
    let snapshot = try snapshot(of: state)
    let name = Snapshot.name(replica: snapshot.header.replica, seq: snapshot.header.seq)
    var compaction = SyncCompaction(sync: summary, snapshot: name)
    compaction.journeys = snapshot.registers.count
    do {
      compaction.wroteSnapshot = try folder.add(
        try sealing.seal(try snapshot.encoded(), name: name), as: name)
    } catch let error as RemoteWriteError {
      throw SyncError.cannotReachRemote(path: error.path, reason: error.reason)
    }
    folder.removeLeftovers(in: "snapshots", startingWith: state.id + "-")
    // Published also when a compaction that ended before its push left it in a git clone: the
    // files it covers are removed only once the snapshot is on the remote.
    try remote.publish(added: [name], message: "roadtrip sync --compact from \(state.id)")
    try removeOlderSnapshots(than: snapshot, named: name, in: folder, into: &compaction)
    try removeAppliedFiles(covered: snapshot, in: folder, state: state, into: &compaction)
    if !compaction.removed.isEmpty {
      try remote.remove(
        compaction.removed, message: "roadtrip sync --compact from \(state.id): removed files")
    }
    return compaction
  }

  /// The merge state as a snapshot: every journey's registers and the version vector. Its seq
  /// is the number of change files that vector covers, so that a later snapshot of any replica
  /// has a larger one.
  func snapshot(of state: ReplicaState) throws -> Snapshot {
    var writers: [String] = []
    var index: [Int64: Int64] = [0: 0]
    let registers: [(journey: String, registers: JourneyRegisters)] =
      try RegisterStore(connection: connection).all().map { journey, registers in
      func portable(_ register: Register) -> Register {
        var register = register
        if let known = index[register.by] {
          register.by = known
        } else {
          writers.append(state.replicas[register.by] ?? "")
          index[register.by] = Int64(writers.count)
          register.by = Int64(writers.count)
        }
        return register
      }
      return (
        journey: journey,
        registers: JourneyRegisters(
          present: portable(registers.present), fields: registers.fields.map(portable))
      )
    }
    let vector = state.seen.filter { $0.value > 0 }
    // Summed without overflow: a vector an older roadtrip took from a forged snapshot may hold
    // the largest seq there is.
    let covered = vector.values.reduce(Int64(0)) { sum, seq in
      let (total, overflow) = sum.addingReportingOverflow(seq)
      return overflow ? .max : total
    }
    return Snapshot(
      header: Snapshot.Header(
        format: Snapshot.format, replica: state.id, seq: covered,
        vector: vector, replicas: writers),
      registers: registers)
  }

  /// Finds the snapshots the new one covers, for removal: its replica's older ones, and others'
  /// whose vector it holds.
  private func removeOlderSnapshots(
    than snapshot: Snapshot, named name: String, in folder: RemoteFolder,
    into compaction: inout SyncCompaction
  ) throws {
    for other in try folder.snapshots() where other.name != name {
      if other.replica != snapshot.header.replica || other.seq > snapshot.header.seq {
        // One that cannot be read (a FIFO in its place) is kept.
        guard let bytes = (try? folder.read(other.name)) ?? nil,
          let older = try? Snapshot(
            decoding: try sealing.open(bytes, name: other.name), replica: other.replica,
            seq: other.seq),
          snapshot.covers(older.header.vector)
        else { continue }
      }
      compaction.removed.append(other.name)
    }
  }

  /// Finds, for removal, each change file the snapshot covers and every replica known to the
  /// remote has applied, as its newest file's vector says (this replica: everything it has
  /// applied). Each replica's newest file stays, since it is what says what that replica applied.
  private func removeAppliedFiles(
    covered snapshot: Snapshot, in folder: RemoteFolder, state: ReplicaState,
    into compaction: inout SyncCompaction
  ) throws {
    let listing = try folder.changeFiles()
    let bounds = ReceivedBounds(listing: listing)
    var applied: [String: [String: Int64]] = [state.id: state.seen]
    for (replica, seqs) in listing where replica != state.id {
      let newest = seqs.last!
      let name = ChangeFile.name(replica: replica, seq: newest)
      do {
        guard let bytes = try folder.read(name) else { throw ChangeFileError.malformed("gone") }
        var vector = try ChangeFile(
          decoding: try sealing.open(bytes, name: name), replica: replica, seq: newest
        ).header.vector
        try bounds.check(vector: vector, seen: state.seen, writer: replica, seq: newest)
        vector[replica] = newest
        applied[replica] = vector
      } catch {
        compaction.keptAll = "\(name) cannot be read (\(Self.reason(error)))"
        compaction.kept = listing.values.map(\.count).reduce(0, +)
        return
      }
    }
    for (replica, seqs) in listing.sorted(by: { $0.key < $1.key }) {
      for seq in seqs {
        let removable =
          seq != seqs.last && seq <= (snapshot.header.vector[replica] ?? 0)
          && applied.allSatisfy { other, vector in
            other == replica || (vector[replica] ?? 0) >= seq
          }
        guard removable else {
          compaction.kept += 1
          continue
        }
        compaction.removed.append(ChangeFile.name(replica: replica, seq: seq))
      }
    }
  }
}
