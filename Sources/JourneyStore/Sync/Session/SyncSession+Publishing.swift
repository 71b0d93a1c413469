/// Publishing, after the sync's commit (SYNC.md, "Sending"): the files not on the remote yet,
/// sealed, added to the remote and published, then confirmed.
extension SyncSession {
  /// Adds the files not on the remote yet and publishes them; a file that cannot be written,
  /// or whose publishing fails, stays recorded with its bytes, and the next sync sends it.
  /// Once published, the files are confirmed (their bytes dropped: `sync --status` says
  /// nothing waits) and a remote this sync made is remembered by its id.
  /// A damaged file of this replica's (`replacing`) is removed and written again.
  func publish(
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
      try SentFiles(connection: connection).confirm(seqs)
      if let remoteID { try RememberedRemote.notePublished(id: remoteID, in: connection) }
    }
  }
}
