#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The conflicts a sync records in `sync_conflict`, as it writes them and looks them up while it
/// merges (`SyncRecords` reads them for `sync conflicts`).
struct ConflictRecords {
  let connection: Connection

  /// Records the conflicts a sync found, in its batch (`nil`: a sync that changed nothing).
  func record(_ conflicts: [MergeConflict], batch: Int64?) throws {
    let now = DatabaseValue.real(Date().timeIntervalSinceReferenceDate)
    for conflict in conflicts {
      try connection.run(
        """
        INSERT INTO sync_conflict (batch, at, journey, field, kept, kept_hlc, kept_replica,
          lost, lost_hlc, lost_replica)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          batch.map { .integer($0) } ?? .null, now, .text(conflict.journey),
          .text(conflict.field.name),
          conflict.kept ?? .null, .integer(conflict.keptHLC), .text(conflict.keptReplica),
          conflict.lost,
          .integer(conflict.lostHLC), .text(conflict.lostReplica),
        ])
    }
  }

  /// Whether a refused write is recorded as a conflict already: the registers keep a value the
  /// table refused, and every later sync that reaches its journey meets it again.
  func isRecorded(_ conflict: MergeConflict) throws -> Bool {
    try connection.firstValue(
      """
      SELECT count(*) FROM sync_conflict
      WHERE journey = ? AND field = ? AND lost_hlc = ? AND lost_replica = ?
      """,
      [
        .text(conflict.journey), .text(conflict.field.name), .integer(conflict.lostHLC),
        .text(conflict.lostReplica),
      ])?.integer ?? 0 > 0
  }

  /// A conflict not restored yet whose kept side is a write (not a value the table refused).
  struct Open {
    let id: Int64
    let field: JourneyField
    let lost: DatabaseValue
    /// The larger clock of its kept and its lost write.
    let after: Int64
  }

  /// The conflicts not restored yet whose kept side is a write, by journey.
  func open() throws -> [JourneyKey: [Open]] {
    var open: [JourneyKey: [Open]] = [:]
    try connection.forEachRow(
      "SELECT id, journey, field, lost, kept_hlc, lost_hlc FROM sync_conflict "
        + "WHERE restored_by IS NULL AND kept_hlc > 0"
    ) { row in
      guard let key = JourneyKey(lowercasedText: row.text(at: 1)),
        let field = JourneyField.exactlyNamed(row.text(at: 2))
      else { return }
      open[key, default: []].append(
        Open(
          id: row.integer(at: 0), field: field, lost: row.value(at: 3),
          after: max(row.integer(at: 4), row.integer(at: 5))))
    }
    return open
  }
}
