/// `sync --new-remote` (SYNC.md, "A lost remote"): a database whose remote was lost starts a new
/// one, or joins the one another replica of it started, by sending a snapshot of everything it
/// holds: its registers and the version vector they cover, as `sync --compact` writes them.
///
/// The replica keeps its id and its numbering: a file it sends next follows the ones the lost
/// remote had, so the others' `sync_seen` stays true. A replica that misses a file the lost
/// remote held (a gap in the new one) finds a snapshot that covers it and merges it first, as a
/// replica that missed files a compaction removed does.
extension SyncSession {
  /// Writes a snapshot of the registers as they are before this sync stamps its own changes,
  /// which go out as its next change file, merged by the others with conflicts as any other.
  /// - Returns: The snapshot's name, to publish with the sync's files.
  /// - Throws: `SyncError.cannotReachRemote` when it cannot be written (the sync writes nothing
  ///   then).
  func sendSnapshot(
    of state: ReplicaState, to folder: RemoteFolder, summary: inout SyncSummary
  ) throws -> String {
    let snapshot = try snapshot(of: state)
    let name = Snapshot.name(replica: snapshot.header.replica, seq: snapshot.header.seq)
    do {
      // A snapshot of that name is there already: the same registers, from a move retried.
      _ = try folder.add(try sealing.seal(try snapshot.encoded(), name: name), as: name)
    } catch let error as RemoteWriteError {
      throw SyncError.cannotReachRemote(path: error.path, reason: error.reason)
    }
    summary.sentSnapshot = name
    summary.sentSnapshotJourneys = snapshot.registers.count
    return name
  }

  /// Refuses to move to a remote that holds files, none of them by a replica this database
  /// knows: another journey database's remote, which a move would mix with this one.
  /// - Throws: `SyncError.unrelatedRemote`.
  func checkRelated(
    _ folder: RemoteFolder, id: String, listing: [String: [Int64]], state: ReplicaState
  ) throws {
    let writers = Set(listing.keys).union(try folder.snapshots().map(\.replica))
    guard writers.isEmpty || writers.contains(where: { state.seen[$0] != nil }) else {
      throw SyncError.unrelatedRemote(path: remote.shownLocation, found: id)
    }
  }
}
