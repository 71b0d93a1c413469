#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `JourneyDatabase.syncStatus()` reads, touching no remote and writing nothing.
public struct SyncStatus: Equatable, Sendable {
  /// This replica's id; `nil` for a database that never synced.
  public var replica: String?
  /// The remembered remote and its kind (`folder`). The remote is as it was given, with any
  /// credentials a URL holds: show `shownRemote`.
  public var remote: String?
  public var remoteKind: String?
  /// The remembered remote, fit to show: a URL's user part, where a token or password lies, left
  /// out (`SyncRemote.shownLocation`).
  public var shownRemote: String? { remote.map(RemoteLocation.shown) }
  /// When a sync last sent or received something (a sync with nothing new writes nothing).
  public var lastSync: Date?
  /// The local batches not sent yet, and their row changes in the log.
  public var unsentBatches = 0
  public var unsentChanges = 0
  /// Files written by earlier syncs that the remote has not been seen to hold.
  public var pendingFiles = 0
  /// Conflicts not restored.
  public var openConflicts = 0

  /// The replicas whose files the last sync held back, and why.
  public var heldBack: [HeldBackReplica] = []

  /// Whether something waits to go out, or to come in (a replica held back).
  public var isSyncRequired: Bool {
    replica == nil || unsentBatches > 0 || pendingFiles > 0 || !heldBack.isEmpty
  }
}
