/// Joining from a snapshot (SYNC.md, "Snapshots and long histories"): a database that never
/// received anything, or one that missed files a compaction removed, merges the newest snapshot's
/// registers as received writes, then the files after it.
extension SyncSession {
  /// The snapshot to merge before the change files, or `nil` when the files are enough: a
  /// replica that has received nothing yet joins from the newest snapshot; one whose next file of
  /// some replica is gone from the remote takes the newest snapshot that covers more than it has
  /// applied. A snapshot that cannot be read, or whose clocks or version vector claim more than
  /// they may (`ReceivedBounds`), is refused by name (once: a sync may join from several, one
  /// after the other), and the next older one is tried.
  func joiningSnapshot(
    _ listing: [String: [Int64]], from folder: RemoteFolder, state: ReplicaState,
    summary: inout SyncSummary
  ) throws -> Snapshot? {
    guard Self.needsSnapshot(listing, seen: state.seen, replica: state.id) else { return nil }
    let bounds = ReceivedBounds(listing: listing)
    // The seq of a snapshot's name is how many change files it covers: the newest is the largest.
    for candidate in try folder.snapshots().sorted(by: { $0.seq > $1.seq })
    where !summary.refusedFiles.contains(where: { $0.name == candidate.name }) {
      let snapshot: Snapshot
      do {
        guard let bytes = try folder.read(candidate.name) else { continue }
        snapshot = try Snapshot(
          decoding: try sealing.open(bytes, name: candidate.name), replica: candidate.replica,
          seq: candidate.seq)
      } catch {
        summary.refusedFiles.append(.init(name: candidate.name, reason: Self.reason(error)))
        continue
      }
      let advances = snapshot.header.vector.contains { replica, seq in
        replica != state.id && seq > (state.seen[replica] ?? 0)
      }
      guard advances else { continue }
      do {
        try Self.check(snapshot, against: bounds, seen: state.seen)
      } catch {
        summary.refusedFiles.append(.init(name: candidate.name, reason: Self.reason(error)))
        continue
      }
      return snapshot
    }
    return nil
  }

  /// Refuses a snapshot whose version vector claims files the remote does not hold, or one of
  /// whose registers has a clock too far ahead (`ReceivedBounds`).
  /// - Throws: `ChangeFileError.malformed`.
  private static func check(
    _ snapshot: Snapshot, against bounds: ReceivedBounds, seen: [String: Int64]
  ) throws {
    try bounds.check(vector: snapshot.header.vector, seen: seen)
    func check(_ register: Register) throws {
      guard register.hlc > bounds.latestClock else { return }
      let replicas = snapshot.header.replicas
      try bounds.check(
        clock: register.hlc,
        writtenBy: register.by == 0 ? snapshot.header.replica : replicas[Int(register.by) - 1])
    }
    for (_, registers) in snapshot.registers {
      try check(registers.present)
      for register in registers.fields { try check(register) }
    }
  }

  /// Merges a snapshot's registers into the journeys' through `merging` (a register-wise
  /// maximum: what the registers hold already stays; `merging` gets the replicas by number), and
  /// marks every file it covers applied. A field's value this roadtrip does not store
  /// (`JourneyField.accepts(received:)`) is held back: its register merges as one with no write.
  func join(
    _ snapshot: Snapshot, state: inout ReplicaState, summary: inout SyncSummary,
    merging: (String, JourneyRegisters, [Int64: String]) throws -> Void
  ) throws {
    var numbers: [Int64] = [0]
    for replica in snapshot.header.replicas { numbers.append(try state.number(of: replica)) }
    let replicas = state.replicas
    let name = Snapshot.name(replica: snapshot.header.replica, seq: snapshot.header.seq)
    for (journey, registers) in snapshot.registers {
      func local(_ register: Register) -> Register {
        var register = register
        register.by = numbers[Int(register.by)]
        return register
      }
      var fields = registers.fields.map(local)
      for (field, register) in zip(JourneyField.all, registers.fields)
      where register.hlc != 0 && !field.accepts(received: register.value) {
        let writer = register.by == 0 ? "" : snapshot.header.replicas[Int(register.by) - 1]
        summary.note(
          field, value: register.value, journey: journey, file: name, replica: writer)
        fields[field.index] = .empty
      }
      try merging(
        journey, JourneyRegisters(present: local(registers.present), fields: fields), replicas)
      state.lastHLC = max(
        state.lastHLC, registers.present.hlc, registers.fields.map(\.hlc).max() ?? 0)
    }
    for (replica, seq) in snapshot.header.vector.sorted(by: { $0.key < $1.key })
    where replica != state.id && seq > (state.seen[replica] ?? 0) {
      try state.markSeen(replica, seq: seq)
      if !summary.receivedFrom.contains(replica) { summary.receivedFrom.append(replica) }
    }
    summary.receivedChanges += snapshot.registers.count
    summary.receivedFiles += 1
    summary.snapshot = Snapshot.name(replica: snapshot.header.replica, seq: snapshot.header.seq)
  }
}
