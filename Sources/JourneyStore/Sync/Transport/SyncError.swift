/// Why a sync could not run. Nothing was changed locally when one is thrown.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder holds files but no `roadtrip-remote.json`: it is not a roadtrip remote, and the
  /// sync does not write into someone else's folder.
  case notARemote(path: String)
  /// `roadtrip-remote.json` cannot be read as a roadtrip remote's.
  case unreadableRemoteIdentity(path: String, reason: String)
  /// The database has synced with the remote `known`; the folder holds remote `found`.
  case otherRemote(path: String, found: String, known: String)
  /// The remote's folder cannot be read or created, for `reason` (`strerror`).
  case cannotReachRemote(path: String, reason: String)
  /// The remote this database synced with is missing or empty (a USB stick not mounted, a
  /// folder removed, a repository emptied): it is never made again silently.
  case remoteMissing(path: String)
  /// The database syncs with remote `known`, and `path` is no remote yet: only
  /// `sync --new-remote` starts one there.
  case newRemoteNeeded(path: String, known: String)
  /// `sync --new-remote` was given another journey database's remote (id `found`): none of the
  /// replicas that sync through it ever synced with this database.
  case unrelatedRemote(path: String, found: String)
  /// The file or folder at `path` in the remote is not one roadtrip reads or writes there, for
  /// `reason` ("it is a FIFO, not a regular file", "it is a symbolic link, not a folder", a file
  /// larger than `RemoteFolder.largestFile`): nothing of it was read, nothing written through it.
  case refusedRemoteFile(path: String, reason: String)
  /// The registers of `journey` in `sync_register` cannot be read (`RegisterEncoding`), for
  /// `reason`: the file was damaged, or another program wrote them.
  case damagedRegisters(journey: String, reason: String)

  public var description: String {
    switch self {
    case .notARemote(let path):
      "\(path.escapingControlCharacters) is not a roadtrip remote: it holds files but no "
        + "roadtrip-remote.json; give an empty or new folder"
    case .unreadableRemoteIdentity(let path, let reason):
      "\(path.escapingControlCharacters)/roadtrip-remote.json cannot be read "
        + "(\(reason.escapingControlCharacters))"
    case .otherRemote(let path, let found, let known):
      "\(path.escapingControlCharacters) is another journey database's remote "
        + "(id \(found.escapingControlCharacters)); this database syncs with remote \(known): "
        + "give that remote's path, or sync a copy of the database that never synced "
        + "(if that remote is lost and this one replaces it, 'roadtrip sync --new-remote "
        + "\(path.escapingControlCharacters)' joins it)"
    case .remoteMissing(let path):
      "the remote \(path.escapingControlCharacters) is missing or empty (not mounted?), and "
        + "roadtrip never makes a remote it synced with again: mount it and sync again; if it is "
        + "lost, 'roadtrip sync --new-remote REMOTE' starts a new remote from this database, and "
        + "every other database joins it the same way"
    case .newRemoteNeeded(let path, let known):
      "\(path.escapingControlCharacters) is no roadtrip remote yet, and this database syncs with "
        + "remote \(known): to start a new remote there from this database (its remote was lost), "
        + "run 'roadtrip sync --new-remote \(path.escapingControlCharacters)'"
    case .unrelatedRemote(let path, let found):
      "\(path.escapingControlCharacters) is another journey database's remote "
        + "(id \(found.escapingControlCharacters)): none of the databases that sync through it "
        + "ever synced with this one, so --new-remote does not join it; give the new remote that "
        + "this database's other copies joined, or an empty or new folder"
    case .cannotReachRemote(let path, let reason):
      "cannot reach the remote \(path.escapingControlCharacters): "
        + reason.escapingControlCharacters
    case .refusedRemoteFile(let path, let reason):
      "refusing \(path.escapingControlCharacters): \(reason.escapingControlCharacters); "
        + "remove it from the remote"
    case .damagedRegisters(let journey, let reason):
      "the sync registers of journey \(journey.escapingControlCharacters) are damaged "
        + "(\(reason.escapingControlCharacters)); restore the database from a backup"
    }
  }
}

/// Why a conflict cannot be restored.
public enum SyncConflictError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No conflict has this number.
  case noSuchConflict(Int64)
  /// The conflict's lost value was restored already, by batch `batch`.
  case alreadyRestored(Int64, batch: Int64)

  public var description: String {
    switch self {
    case .noSuchConflict(let id): "no conflict number \(id)"
    case .alreadyRestored(let id, let batch):
      "conflict \(id) was restored already, by batch \(batch)"
    }
  }
}
