#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the sync tables say, read without writing: the status, the conflicts.
struct SyncRecords {
  let connection: Connection

  /// The newest batch a sync sent (or found nothing to send in), `nil` when the database is not
  /// a replica: what `history prune` keeps the batches after, and `db check` names.
  func sentBatch() throws -> Int64? {
    try connection.firstValue("SELECT sent_batch FROM sync_replica LIMIT 1")?.integer
  }

  /// The sync status of a file of the current schema.
  func status() throws -> SyncStatus {
    var status = SyncStatus()
    var sentBatch: Int64 = 0
    try connection.forEachRow("SELECT id, sent_batch FROM sync_replica LIMIT 1") { row in
      status.replica = row.text(at: 0)
      sentBatch = row.integer(at: 1)
    }
    try connection.forEachRow("SELECT url, kind, last_sync FROM sync_remote LIMIT 1") { row in
      status.remote = row.text(at: 0)
      status.remoteKind = row.text(at: 1)
      if case .real(let at) = row.value(at: 2) {
        status.lastSync = Date(timeIntervalSinceReferenceDate: at)
      }
    }
    guard status.replica != nil else { return status }
    (status.unsentBatches, status.unsentChanges) =
      try ChangeLog(connection: connection).localChanges(after: sentBatch)
    status.pendingFiles = Int(
      try connection.firstValue(
        "SELECT count(*) FROM sync_sent WHERE pending IS NOT NULL")?.integer ?? 0)
    status.heldBack = try HeldBackReplica.recorded(in: connection)
    status.openConflicts = Int(
      try connection.firstValue(
        "SELECT count(*) FROM sync_conflict WHERE restored_by IS NULL")?.integer ?? 0)
    return status
  }

  private static let conflictColumns =
    "id, journey, field, kept, kept_hlc, kept_replica, lost, lost_hlc, lost_replica, at, restored_by"

  /// Every conflict, oldest first.
  func conflicts() throws -> [SyncConflict] {
    var conflicts: [SyncConflict] = []
    try connection.forEachRow("SELECT \(Self.conflictColumns) FROM sync_conflict ORDER BY id") {
      row in
      if let conflict = Self.conflict(row) { conflicts.append(conflict) }
    }
    return conflicts
  }

  func conflict(_ id: Int64) throws -> SyncConflict? {
    var conflict: SyncConflict?
    try connection.forEachRow(
      "SELECT \(Self.conflictColumns) FROM sync_conflict WHERE id = ?", [.integer(id)]
    ) {
      conflict = Self.conflict($0)
    }
    return conflict
  }

  /// The stored value a conflict lost.
  func lostValue(of id: Int64) throws -> DatabaseValue? {
    try connection.firstValue("SELECT lost FROM sync_conflict WHERE id = ?", [.integer(id)])
  }

  func markRestored(_ id: Int64, by batch: Int64) throws {
    try connection.run(
      "UPDATE sync_conflict SET restored_by = ? WHERE id = ?", [.integer(batch), .integer(id)])
  }

  private static func conflict(_ row: Statement) -> SyncConflict? {
    guard let journey = row.withText(at: 1, { UUID(text: $0) }),
      let field = JourneyField.exactlyNamed(row.text(at: 2))
    else { return nil }
    func value(_ column: Int32) -> JourneyField.Value? {
      let stored = row.value(at: column)
      return stored == .null ? nil : JourneyField.Value(fieldName: field.name, stored: stored)
    }
    return SyncConflict(
      id: row.integer(at: 0), journeyID: journey, field: field, kept: value(3),
      keptReplica: row.text(at: 5),
      keptDate: HybridClock.date(of: row.integer(at: 4)), lost: value(6),
      lostReplica: row.text(at: 8),
      lostDate: HybridClock.date(of: row.integer(at: 7)),
      found: Date(timeIntervalSinceReferenceDate: row.double(at: 9)),
      restoredBy: row.value(at: 10) == .null ? nil : row.integer(at: 10))
  }
}
