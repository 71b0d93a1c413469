#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a sync writes of the remote it syncs with, in `sync_remote`.
extension RememberedRemote {
  /// The id of the remote remembered: empty while a remote this database made is not published
  /// yet, `nil` for a database that never synced.
  static func id(in connection: Connection) throws -> String? {
    var known: String?
    try connection.forEachRow("SELECT remote_id FROM sync_remote LIMIT 1") {
      known = $0.text(at: 0)
    }
    return known
  }

  /// Remembers the remote at `location`, of `kind` (`RemoteKind`), by its `id` (empty for one
  /// this sync made and has not published), for a database that never synced.
  static func add(location: String, kind: String, id: String, in connection: Connection) throws {
    try connection.run(
      "INSERT INTO sync_remote (url, kind, remote_id, added) VALUES (?, ?, ?, ?)",
      [.text(location), .text(kind), .text(id), .real(Date().timeIntervalSinceReferenceDate)])
  }

  /// Remembers the remote at `location` in place of the one remembered (one not published, or
  /// a move to a new remote).
  static func replace(
    location: String, kind: String, id: String, in connection: Connection
  ) throws {
    try connection.run(
      "UPDATE sync_remote SET url = ?, kind = ?, remote_id = ?",
      [.text(location), .text(kind), .text(id)])
  }

  /// Notes where the remembered remote is now, and its kind, as the user named it this time.
  static func relocate(to location: String, kind: String, in connection: Connection) throws {
    try connection.run(
      "UPDATE sync_remote SET url = ?1, kind = ?2 WHERE url IS NOT ?1 OR kind IS NOT ?2",
      [.text(location), .text(kind)])
  }

  /// Notes the time of a sync that exchanged something.
  static func noteSynced(in connection: Connection) throws {
    try connection.run(
      "UPDATE sync_remote SET last_sync = ?", [.real(Date().timeIntervalSinceReferenceDate)])
  }

  /// Remembers the id of a remote this database made, once it is published.
  static func notePublished(id: String, in connection: Connection) throws {
    try connection.run(
      "UPDATE sync_remote SET remote_id = ? WHERE remote_id = ''", [.text(id)])
  }
}
