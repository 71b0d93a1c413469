/// This replica's own files on the remote, before it sends (SYNC.md, "Copies of a database" and
/// "Lost and damaged files"): a copy of the database makes it take a new id; a file of its own
/// damaged or missing is sent again.
extension SyncSession {
  /// Checks this replica's files on the remote (`OwnFiles`): a file under its id that a copy of
  /// the database wrote (SYNC.md, "Copies of a database") makes it take a new id; one that does
  /// not open as its file is refused by name; a file of its own that is damaged or missing is
  /// sent again (its bytes recorded as pending, as a file not sent yet).
  /// - Returns: The seqs of the damaged files, which `publish` replaces.
  func checkOwnFiles(
    _ present: [Int64], in folder: RemoteFolder, state: inout ReplicaState,
    summary: inout SyncSummary
  ) throws -> Set<Int64> {
    let sent = SentFiles(connection: connection)
    let own = OwnFiles(records: sent, folder: folder, sealing: sealing, replica: state.id)
    var covered: Int64?
    let findings = try own.check(present: present) { seq in
      if covered == nil {
        covered = try compactedFiles(of: state.id, upTo: state.seen[state.id] ?? 0, in: folder)
      }
      return seq <= covered!
    }
    summary.refusedFiles += findings.refused
    for (seq, size) in findings.sizes { try sent.recordSize(size, of: seq) }
    if let firstCopied = findings.copiedFrom {
      summary.renewedFrom = try renew(
        &state, sharedUpTo: firstCopied - 1, own: own, displaced: findings.displaced)
      return []
    }
    var replaced = findings.taken
    guard !findings.lost.isEmpty else { return replaced }
    let registers = try RegisterStore.forWriting(on: connection).all()
    let number = try state.number(of: state.id)
    for (seq, damaged) in findings.lost.sorted(by: { $0.key < $1.key }) {
      let bytes =
        try findings.displaced[seq]
        ?? ChangeFile.rebuilt(replica: state.id, number: number, seq: seq, from: registers)
        .encoded()
      try sent.replace(seq: seq, with: bytes)
      if damaged { replaced.insert(seq) }
      summary.resentFiles.append(
        .init(name: ChangeFile.name(replica: state.id, seq: seq), damaged: damaged))
    }
    return replaced
  }

  /// Takes a new replica id: the old id's files up to `shared` are this database's (and its
  /// copy's) history; those after it are the copy's, received like another replica's. Files of
  /// this database after `shared` are written again under the new id (their bytes as pending,
  /// as displaced into a conflict copy, as the remote holds them, or else made again from the
  /// registers: `ChangeFile.rebuilt`), and the registers that name them follow.
  /// - Returns: The old id.
  private func renew(
    _ state: inout ReplicaState, sharedUpTo shared: Int64, own: OwnFiles,
    displaced: [Int64: [UInt8]]
  ) throws -> String {
    let old = state.id
    let oldNumber = try state.number(of: old)
    let sent = SentFiles(connection: connection)
    let after = try sent.files(after: shared)
    var renumbered: [Int64: Int64] = [:]
    var registers: [(journey: String, registers: JourneyRegisters)]?
    var files: [(seq: Int64, file: ChangeFile)] = []
    for file in after {
      let oldName = ChangeFile.name(replica: old, seq: file.seq)
      if let bytes = try file.pending.map({ try unsealed($0, name: oldName) }) ?? displaced[file.seq]
        ?? own.bytesOnRemote(seq: file.seq, digest: file.digest)
      {
        files.append((file.seq, try ChangeFile(decoding: bytes, replica: old, seq: file.seq)))
      } else {
        if registers == nil { registers = try RegisterStore.forWriting(on: connection).all() }
        files.append(
          (file.seq,
           ChangeFile.rebuilt(replica: old, number: oldNumber, seq: file.seq, from: registers!)))
      }
    }
    _ = try state.renew()
    try state.markSeen(old, seq: shared)
    try sent.removeAll()
    for (index, (oldSeq, file)) in files.enumerated() {
      let seq = Int64(index + 1)
      var decoded = file
      decoded.header.replica = state.id
      decoded.header.seq = seq
      decoded.header.vector[old] = min(decoded.header.vector[old] ?? 0, shared)
      decoded.header.vector[state.id] = seq - 1
      try sent.record(seq: seq, bytes: try decoded.encoded())
      renumbered[oldSeq] = seq
      try state.markSeen(state.id, seq: seq)
    }
    try renumber(renumbered, from: oldNumber, to: try state.number(of: state.id))
    return old
  }

  /// Points the registers that files of this replica wrote, under its old number and seqs, to
  /// the same files written again under its new number (`seqs`: old seq to new).
  private func renumber(_ seqs: [Int64: Int64], from old: Int64, to new: Int64) throws {
    guard !seqs.isEmpty else { return }
    let store = try RegisterStore.forWriting(on: connection)
    let renumbered = try store.all().compactMap {
      journey, registers -> (journey: String, registers: JourneyRegisters)? in
      var changed = false
      func renumbered(_ register: Register) -> Register {
        guard register.by == old, let seq = seqs[register.seq] else { return register }
        changed = true
        return Register(value: register.value, hlc: register.hlc, by: new, seq: seq)
      }
      let result = JourneyRegisters(
        present: renumbered(registers.present), fields: registers.fields.map(renumbered))
      return changed ? (journey, result) : nil
    }
    try store.save(renumbered)
  }

  /// How many of `replica`'s files the snapshots on the remote cover, counting only those that
  /// open and claim no more of its files than it wrote (`written`): a snapshot anyone could have
  /// put on the remote must not pass a lost file off as compacted, which would leave it unsent
  /// and its replica held back everywhere. Only headers are read.
  private func compactedFiles(of replica: String, upTo written: Int64, in folder: RemoteFolder)
    throws -> Int64
  {
    var covered: Int64 = 0
    for candidate in try folder.snapshots() {
      guard let bytes = try? folder.read(candidate.name),
        let opened = try? sealing.open(bytes, name: candidate.name),
        let (header, _) = try? Snapshot.frame.decode(
          opened, as: Snapshot.Header.self, format: Snapshot.format, replica: candidate.replica,
          seq: candidate.seq),
        let claimed = header.vector[replica], claimed <= written
      else { continue }
      covered = max(covered, claimed)
    }
    return covered
  }
}
