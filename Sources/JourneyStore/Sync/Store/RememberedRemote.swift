/// The remote a database syncs with, as `sync_remote` remembers it, and what a sync may do with
/// a remote given it (SYNC.md, "A lost remote"): a remote it synced with is never made again
/// silently, and only `sync --new-remote` moves the database to another one.
struct RememberedRemote {
  /// Where it is, as `SyncRemote.description` gave it.
  let location: String
  /// The id in its `roadtrip-remote.json`; empty while a remote this database made is not
  /// published yet (its first git push failed).
  let id: String
  /// Its kind, as the user named it last; a folder when an older roadtrip did not say.
  let kind: RemoteKind

  /// The first schema version that remembers a remote (`Schema.version6` made `sync_remote`
  /// with the columns `read(in:)` reads): a file of that version or later names its remote
  /// before the sync's first write upgrades it.
  static let firstSchemaVersion: Int64 = 6

  /// The remembered remote, or `nil` for a database that never synced. Reads only.
  static func read(in connection: Connection) throws -> RememberedRemote? {
    var remembered: RememberedRemote?
    try connection.forEachRow("SELECT url, remote_id, kind FROM sync_remote LIMIT 1") {
      remembered = RememberedRemote(
        location: $0.text(at: 0), id: $0.text(at: 1),
        kind: RemoteKind(rawValue: $0.text(at: 2)) ?? .folder)
    }
    return remembered
  }

  /// Refuses, before anything is written, to make a new remote at `remote` (a missing or empty
  /// folder) unless `startingNewRemote` or the database never had a remote it published.
  /// - Parameter shown: The remote as messages show it.
  /// - Throws: `SyncError.remoteMissing` for the remembered remote itself (not mounted?),
  ///   `.newRemoteNeeded` for another one.
  static func checkMaking(
    _ remote: any SyncRemote, remembered: RememberedRemote?, startingNewRemote: Bool
  ) throws {
    guard let remembered, !remembered.id.isEmpty, !startingNewRemote else { return }
    guard remembered.location == remote.description else {
      throw SyncError.newRemoteNeeded(
        path: remote.shownLocation, known: RemoteLocation.shown(remembered.location))
    }
    throw SyncError.remoteMissing(path: remote.shownLocation)
  }
}
