#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reverts one batch of the change log inside the current transaction, and records that as a new
/// batch naming it: the work of `undo` and `redo`.
///
/// Updates are set back one by one; deletes and inserts, which an import or a large batch edit
/// makes by the million, are reverted by a few statements over the whole batch. Before anything
/// is written, it looks for newer changes it would overwrite, by value: a field the batch set
/// must still hold what the batch wrote, a journey it inserted must still hold the values it had
/// then, and a journey it deleted must still be gone.
struct Reversal {
  let connection: Connection
  let target: Target
  let kind: JourneyChange.BatchKind
  let origin: String
}

extension Reversal {
  /// Reverts the target batch.
  /// - Parameter force: Overwrites newer changes instead of refusing.
  /// - Throws: `JourneyDatabaseError.revertConflict`, or `SQLiteError`.
  func run(force: Bool) throws -> RevertSummary {
    if !force {
      let conflicts = try self.conflicts(limit: 10)
      guard conflicts.isEmpty else {
        throw JourneyDatabaseError.revertConflict(
          kind: kind, batch: target.id, origin: target.origin, conflicts: conflicts)
      }
    }
    let batch = Batch(connection: connection, origin: origin, kind: kind, reverts: target.id)
    let batchID = try batch.batchID()
    // In the reverse of the order a batch makes them: a journey it inserted, then updated, then
    // deleted comes back, gets its first values back, then goes.
    let inserted = try revertDeletes(in: batch)
    let (updated, fields) = try revertUpdates(in: batch)
    let deleted = try revertInserts(into: batchID)
    return RevertSummary(
      kind: kind, revertedBatch: target.id, commandBatch: target.command, origin: target.origin, date: target.date, batch: batchID,
      inserted: inserted, updated: updated,
      fields: JourneyField.all.filter { fields.contains($0.name) }, deleted: deleted)
  }

  /// Sets each field the batch updated back to its old value, newest change first.
  /// - Returns: How many journeys changed, and the names of the fields set.
  private func revertUpdates(in batch: Batch) throws -> (Int, Set<String>) {
    var updates: [(id: UUID, field: JourneyField, old: DatabaseValue)] = []
    try connection.forEachRow(
      "SELECT journey, field, old FROM change WHERE batch = ? AND kind = 'update' ORDER BY id DESC",
      [.integer(target.id)]
    ) { row in
      guard let id = JourneyRow.id(of: row), let field = JourneyField.exactlyNamed(row.text(at: 1)) else { return }
      updates.append((id, field, row.value(at: 2)))
    }
    var journeys: Set<UUID> = []
    var fields: Set<String> = []
    for update in updates {
      guard let values = try JourneyRow.values(of: update.id, in: connection) else { continue }
      let current = values[JourneyField.all.firstIndex(of: update.field)!]
      guard current != update.old else { continue }
      try batch.update(id: update.id, field: update.field, from: current, to: update.old)
      journeys.insert(update.id)
      fields.insert(update.field.name)
    }
    return (journeys.count, fields)
  }

  /// Inserts again the journeys the batch deleted, from the last values it recorded; with
  /// `force`, one that exists again gets those values back instead.
  /// - Returns: How many journeys were inserted.
  private func revertDeletes(in batch: Batch) throws -> Int {
    let target = DatabaseValue.integer(target.id)
    let batchID = DatabaseValue.integer(try batch.batchID())
    var existing: [(UUID, [DatabaseValue])] = []
    try connection.forEachRow("""
      SELECT d.journey, \(Self.lastValues) FROM change d JOIN journey j ON j.id = d.journey
      WHERE d.batch = ? AND d.kind = 'delete' GROUP BY d.journey
      """, [target]
    ) { row in
      if let id = JourneyRow.id(of: row) { existing.append((id, JourneyRow.fieldValues(of: row))) }
    }
    for (id, values) in existing {
      try batch.replace(id: id, values: values)
    }
    let gone = "d.batch = ?1 AND d.kind = 'delete' AND NOT EXISTS (SELECT 1 FROM journey j WHERE j.id = d.journey)"
    try connection.run("""
      INSERT INTO change (batch, journey, kind)
      SELECT ?2, d.journey, 'insert' FROM change d WHERE \(gone) GROUP BY d.journey ORDER BY min(d.id)
      """, [target, batchID])
    return try connection.run("""
      INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
      SELECT d.journey, \(Self.lastValues) FROM change d WHERE \(gone) GROUP BY d.journey ORDER BY min(d.id)
      """, [target])
  }

  /// Deletes the journeys the batch inserted, recording the last value of each of their fields.
  /// - Returns: How many journeys were deleted.
  ///
  /// Undoing a large import writes several log rows per journey: the indexes are dropped for the
  /// while and built again at the end, as a large import does.
  private func revertInserts(into batchID: Int64) throws -> Int {
    let target = DatabaseValue.integer(target.id)
    let inserts = try connection.firstValue(
      "SELECT count(*) FROM change WHERE batch = ? AND kind = 'insert'", [target])?.integer ?? 0
    guard inserts > 0 else { return 0 }
    var deferral = try IndexDeferral(connection: connection)
    try deferral.noteInserted(Int(inserts) * JourneyField.all.count)
    let fields = JourneyField.all.enumerated()
      .map { "SELECT \($0.offset) AS position, '\($0.element.name)' AS name" }
      .joined(separator: " UNION ALL ")
    try connection.run("""
      INSERT INTO change (batch, journey, kind, field, old)
      SELECT ?2, j.id, 'delete', f.name, \(Self.currentValue(field: "f.name"))
      FROM change i JOIN journey j ON j.id = i.journey CROSS JOIN (\(fields)) f
      WHERE i.batch = ?1 AND i.kind = 'insert' ORDER BY i.id, f.position
      """, [target, .integer(batchID)])
    let deleted = try connection.run(
      "DELETE FROM journey WHERE id IN (SELECT journey FROM change WHERE batch = ? AND kind = 'insert')", [target])
    try deferral.rebuild()
    return deleted
  }
}

extension Reversal {
  /// SQL for the value of the journey `j`'s field whose name is the SQL expression `field`.
  static func currentValue(field: String) -> String {
    "CASE \(field) " + JourneyField.all.map { "WHEN '\($0.name)' THEN j.\($0.column)" }.joined(separator: " ") + " END"
  }

  /// SQL for the last values of a deleted journey's fields, in the order of `JourneyField.all`,
  /// from the delete rows `d` grouped by journey.
  static let lastValues = JourneyField.all
    .map { "max(CASE d.field WHEN '\($0.name)' THEN d.old END)" }
    .joined(separator: ", ")
}
