/// Why a sync remote could not be read or written. Each case says what to do next; git's own
/// text, where there is one, is part of it.
///
/// Exit codes (CLI.md): 74 (I/O) for a remote that could not be reached, read or written
/// (`unreachable`, `pushRejected`, `cacheUnavailable`); 65 (bad data) for a clone that is not one
/// roadtrip can use (`damagedClone`, `foreignClone`); 1 for the rest (`gitMissing`,
/// `gitUnusable`, `filesTaken`).
public enum SyncRemoteError: Error, Equatable, Sendable {
  /// `git` is on none of the folders of `PATH`.
  case gitMissing(remote: String)
  /// `git` was found at `path` but could not be started.
  case gitUnusable(path: String, reason: String)
  /// git could not `operation` (clone, fetch, push) the remote: it does not exist, the network or
  /// the authentication failed, as git's `reason` says.
  case unreachable(remote: String, operation: String, reason: String)
  /// Every push of `attempts` was rejected because another replica had pushed first.
  case pushRejected(remote: String, attempts: Int)
  /// The folder that holds the clones cannot be created or locked.
  case cacheUnavailable(folder: String, reason: String)
  /// The clone in `folder` is not one roadtrip can use, or a git command in it failed.
  case damagedClone(folder: String, reason: String)
  /// The folder meant for the clone of `remote` is a clone of `origin`.
  case foreignClone(folder: String, origin: String, remote: String)
  /// Another replica pushed files with the names this sync added, at the same time.
  case filesTaken(remote: String, paths: [String])
}

extension SyncRemoteError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .gitMissing(let remote):
      return "roadtrip sync needs git for \(remote); install it (apt-get install git) or sync "
        + "through a folder"
    case .gitUnusable(let path, let reason):
      return "cannot run git (\(path)): \(reason); check that it is a working git"
    case .unreachable(let remote, let operation, let reason):
      return "cannot \(operation) \(remote): \(reason); check the address, the network and your "
        + "access to it"
    case .pushRejected(let remote, let attempts):
      return "cannot push to \(remote): other replicas pushed first, \(attempts) times in a row; "
        + "sync again"
    case .cacheUnavailable(let folder, let reason):
      return "cannot use \(folder) for the clones of git remotes: \(reason); check its "
        + "permissions, or choose another cache with XDG_CACHE_HOME"
    case .damagedClone(let folder, let reason):
      return "the clone in \(folder) is damaged (\(reason)); remove that folder and sync again: "
        + "roadtrip clones the remote anew"
    case .foreignClone(let folder, let origin, let remote):
      return "\(folder) is a clone of \(origin.escapingControlCharacters), not of \(remote); "
        + "remove that folder and sync again: roadtrip clones the remote anew"
    case .filesTaken(let remote, let paths):
      return "\(remote) already has "
        + paths.map(\.escapingControlCharacters).joined(separator: ", ")
        + ", pushed by another replica at the same time; sync again"
    }
  }
}
