/// What a sync reads of the remote before its write transaction begins (SYNC.md, "Receiving and
/// merging"): the files it will apply, read (as regular files of bounded size, without following
/// a link or blocking) while the database stays open to every other writer; the transaction
/// then decodes, merges and writes what was read.
extension SyncSession {
  /// Reads ahead the files of `listing` that the sync will apply, by the state the database
  /// holds now: each other replica's files after the last it applied, up to the first gap, and
  /// the newest snapshot when the sync will join from one (`needsSnapshot`).
  ///
  /// The transaction reads the state again, as it is then: another sync of this database may
  /// have applied some of these files meanwhile, and they are skipped there as any file applied
  /// before (never applied twice); a file it needs that was not read ahead is read then.
  func readAhead(_ listing: [String: [Int64]], in folder: RemoteFolder) throws {
    let state = try ReplicaState.existing(in: connection)
    let seen = state?.seen ?? [:]
    var names: [String] = []
    for (replica, seqs) in listing where replica != state?.id {
      var next: Int64?
      // The seqs are in order; after a gap, the files wait for a snapshot that covers it.
      for seq in seqs where seq > seen[replica] ?? 0 {
        guard next == nil || seq == next else { break }
        names.append(ChangeFile.name(replica: replica, seq: seq))
        next = seq + 1
      }
    }
    if Self.needsSnapshot(listing, seen: seen, replica: state?.id) {
      if let newest = try folder.snapshots().max(by: { $0.seq < $1.seq }) {
        names.append(newest.name)
      }
    }
    folder.readAhead(names)
  }

  /// Whether a sync joins from a snapshot before the change files: a replica (`replica`, `nil`
  /// for one that never synced) that has received nothing yet, or one whose next file of some
  /// replica is gone from the remote (`listing`).
  static func needsSnapshot(
    _ listing: [String: [Int64]], seen: [String: Int64], replica: String?
  ) -> Bool {
    let joining = seen.allSatisfy { $0.key == replica || $0.value == 0 }
    let missing = listing.contains { other, seqs in
      guard other != replica else { return false }
      let seen = seen[other] ?? 0
      guard let next = seqs.first(where: { $0 > seen }) else { return false }
      return next != seen + 1
    }
    return joining || missing
  }
}
