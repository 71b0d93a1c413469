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
  /// The most recent batch an undo or a redo applies to.
  struct Target {
    /// The batch to revert.
    let id: Int64
    /// The command at the start of its chain of undos and redos, its origin and time.
    let command: Int64
    let origin: String
    let date: Date

    /// For an undo, the newest command or redo batch that is in effect (not reverted); for a
    /// redo, the newest undo that is in effect with no command after it. The command is found by
    /// following what each batch reverts back to the start of the chain.
    static func latest(for kind: JourneyChange.BatchKind, in connection: Connection) throws -> Target? {
      let condition = kind == .undo
        ? "(b.kind = 'command' OR b.kind = 'redo')"
        : "b.kind = 'undo' AND NOT EXISTS (SELECT 1 FROM batch c WHERE c.kind = 'command' AND c.id > b.id)"
      var target: Target?
      try connection.forEachRow("""
        WITH RECURSIVE chain (id, reverts) AS (
          SELECT * FROM (
            SELECT b.id, b.reverts FROM batch b
            WHERE \(condition) AND NOT EXISTS (SELECT 1 FROM batch r WHERE r.reverts = b.id)
            ORDER BY b.id DESC LIMIT 1)
          UNION ALL
          SELECT b.id, b.reverts FROM batch b JOIN chain ON b.id = chain.reverts
        ) SELECT (SELECT max(id) FROM chain), c.id, c.origin, c.at FROM chain JOIN batch c ON c.id = chain.id
        WHERE chain.reverts IS NULL
        """
      ) { row in
        target = Target(
          id: row.integer(at: 0), command: row.integer(at: 1), origin: row.text(at: 2),
          date: Date(timeIntervalSinceReferenceDate: row.double(at: 3)))
      }
      return target
    }
  }

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
    let (updated, fields) = try revertUpdates(in: batch)
    let inserted = try revertDeletes(in: batch)
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
      guard let id = JourneyRow.id(of: row), let field = JourneyField.all.first(where: { $0.name == row.text(at: 1) })
      else { return }
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
    try connection.run("""
      INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
      SELECT d.journey, \(Self.lastValues) FROM change d WHERE \(gone) GROUP BY d.journey ORDER BY min(d.id)
      """, [target])
    return connection.changes
  }

  /// Deletes the journeys the batch inserted, recording the last value of each of their fields.
  /// - Returns: How many journeys were deleted.
  private func revertInserts(into batchID: Int64) throws -> Int {
    let target = DatabaseValue.integer(target.id)
    let fields = JourneyField.all.enumerated()
      .map { "SELECT \($0.offset) AS position, '\($0.element.name)' AS name" }
      .joined(separator: " UNION ALL ")
    try connection.run("""
      INSERT INTO change (batch, journey, kind, field, old)
      SELECT ?2, j.id, 'delete', f.name, \(Self.currentValue(field: "f.name"))
      FROM change i JOIN journey j ON j.id = i.journey CROSS JOIN (\(fields)) f
      WHERE i.batch = ?1 AND i.kind = 'insert' ORDER BY i.id, f.position
      """, [target, .integer(batchID)])
    try connection.run(
      "DELETE FROM journey WHERE id IN (SELECT journey FROM change WHERE batch = ? AND kind = 'insert')", [target])
    return connection.changes
  }
}

extension Reversal {
  /// Newer changes that reverting the batch would overwrite, the first `limit` of them.
  func conflicts(limit: Int) throws -> [RevertConflict] {
    var conflicts: [RevertConflict] = []
    let parameters: [DatabaseValue] = [.integer(target.id), .integer(Int64(limit))]
    // A field the batch updated (its last update of it) no longer holds what the batch wrote.
    try connection.forEachRow("""
      SELECT u.journey, u.field, j.id IS NULL, \(Self.currentValue(field: "u.field"))
      FROM change u LEFT JOIN journey j ON j.id = u.journey
      WHERE u.batch = ?1 AND u.kind = 'update'
        AND NOT EXISTS (
          SELECT 1 FROM change x WHERE x.batch = ?1 AND x.journey = u.journey AND x.field = u.field AND x.id > u.id)
        AND (j.id IS NULL OR \(Self.currentValue(field: "u.field")) IS NOT u.new)
      LIMIT ?2
      """, parameters
    ) { row in
      conflicts.append(Self.conflict(journey: row, field: 1, isGone: 2, current: 3))
    }
    // A journey the batch deleted exists again.
    try connection.forEachRow("""
      SELECT DISTINCT d.journey FROM change d JOIN journey j ON j.id = d.journey
      WHERE d.batch = ?1 AND d.kind = 'delete' LIMIT ?2
      """, parameters
    ) { row in
      if let id = JourneyRow.id(of: row) { conflicts.append(RevertConflict(journeyID: id, field: nil, reason: .existsAgain)) }
    }
    // A journey the batch inserted was deleted since, or a field of it no longer holds the value it
    // had just after the batch: the old value of the field's first later change.
    try connection.forEachRow("""
      SELECT i.journey, NULL, 1, NULL FROM change i
      WHERE i.batch = ?1 AND i.kind = 'insert' AND NOT EXISTS (SELECT 1 FROM journey j WHERE j.id = i.journey)
      UNION ALL
      SELECT i.journey, l.field, 0, \(Self.currentValue(field: "l.field"))
      FROM change i JOIN journey j ON j.id = i.journey
      JOIN change l ON l.journey = i.journey AND l.id > i.id AND l.field IS NOT NULL
      WHERE i.batch = ?1 AND i.kind = 'insert'
        AND NOT EXISTS (
          SELECT 1 FROM change m WHERE m.journey = i.journey AND m.field = l.field AND m.id > i.id AND m.id < l.id)
        AND l.old IS NOT \(Self.currentValue(field: "l.field"))
      LIMIT ?2
      """, parameters
    ) { row in
      conflicts.append(Self.conflict(journey: row, field: 1, isGone: 2, current: 3))
    }
    return Array(conflicts.prefix(limit))
  }

  /// A conflict read from a row: the journey's id, the field's name, whether the journey is gone,
  /// and the field's value now.
  private static func conflict(journey row: Statement, field: Int32, isGone: Int32, current: Int32) -> RevertConflict {
    let id = JourneyRow.id(of: row) ?? UUID()
    let field = JourneyField.all.first { $0.name == row.text(at: field) }
    guard row.integer(at: isGone) == 0 else {
      return RevertConflict(journeyID: id, field: field, reason: .deletedSince)
    }
    let value = row.value(at: current)
    return RevertConflict(journeyID: id, field: field, reason: .changedSince(current: field?.format(value) ?? ""))
  }

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
