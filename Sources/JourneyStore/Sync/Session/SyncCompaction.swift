/// What `sync --compact` did: the sync it began with, the snapshot it wrote and the change files
/// and older snapshots it removed.
public struct SyncCompaction: Equatable, Sendable {
  /// The sync that made this replica current first.
  public var sync: SyncSummary
  /// The snapshot's path inside the remote; `nil` when the sync could not send (its
  /// `sendError` or `sendFailure` says why) and nothing was compacted.
  public var snapshot: String?
  /// Whether this compaction wrote it (`false`: the remote held it already).
  public var wroteSnapshot = false
  /// How many journeys it holds, deleted ones included.
  public var journeys = 0
  /// The change files and older snapshots removed, by path inside the remote.
  public var removed: [String] = []
  /// How many change files stay because some replica still needs them (or is the newest of its
  /// replica, which says what that replica applied).
  public var kept = 0
  /// Why nothing was removed, when a replica's newest file could not be read.
  public var keptAll: String?
}
