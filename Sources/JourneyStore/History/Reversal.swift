#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reverts one batch of the change log inside the current transaction, and records that as a new
/// batch naming it: the work of `undo` and `redo`.
///
/// It works on the target's *effective* rows: its own, or, when it is itself a derived undo or
/// redo, its source's, the other way round when inverted. Updates are set back one by one;
/// deletes and inserts, which an import or a large batch edit makes by the million, are reverted
/// by a few statements over the whole batch. Before anything is written, it looks for newer
/// changes it would overwrite, by value.
///
/// A revert that sets back exactly what the target changed is *derived*: it logs nothing but its
/// batch, which names the target's rows as its own, inverted, so undo and redo cost
/// no copies. Only a revert that deletes journeys whose values the log does not hold (the
/// target inserted them) or a forced one is recorded row by row.
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
    let insertsWithoutValues = try connection.firstValue(
      "SELECT 1 FROM change WHERE batch = ? AND kind = ? LIMIT 1", [.integer(target.batch.source), .text(rows.inserted)]
    ) != nil && !target.batch.isInverted
    let logging: Batch.Logging = force || insertsWithoutValues
      ? .recorded : .derived(source: target.batch.source, inverted: !target.batch.isInverted)
    let batch = Batch(connection: connection, origin: origin, kind: kind, reverts: target.id, logging: logging)
    let batchID = try batch.open()
    // In the reverse of the order a batch makes them: a journey it inserted, then updated, then
    // deleted comes back, gets its first values back, then goes.
    let recordsRows = if case .recorded = logging { true } else { false }
    let inserted = try revertDeletes(in: batch, force: force, recordsRows: recordsRows)
    let (updated, fields) = try revertUpdates(in: batch)
    let deleted = try revertInserts(in: batch, recordsRows: recordsRows)
    _ = try batch.close()
    return RevertSummary(
      kind: kind, revertedBatch: target.id, commandBatch: target.command, origin: target.origin, date: target.date,
      batch: batchID, inserted: inserted, updated: updated,
      fields: JourneyField.all.filter { fields.contains($0.name) }, deleted: deleted)
  }

  /// How the target's rows read: which stored kind is an effective insert or delete, and which
  /// columns hold the values before and after it.
  var rows: EffectiveRows { EffectiveRows(isInverted: target.batch.isInverted) }

  /// Sets each field the batch updated back to its old value, newest change first.
  /// - Returns: How many journeys changed, and the names of the fields set.
  private func revertUpdates(in batch: Batch) throws -> (Int, Set<String>) {
    // Each row is one write that changed some fields together: they go back together, in one
    // statement, so that the row passes through the states it had (a start and a duration
    // checked together against the end of the calendar).
    var updates: [(id: UUID, old: [DatabaseValue?])] = []
    let columns = JourneyField.all.map { rows.before($0) }.joined(separator: ", ")
    try connection.forEachRow(
      "SELECT journey, \(columns) FROM change WHERE batch = ? AND kind = 'update' ORDER BY id \(rows.newestFirst)",
      [.integer(target.batch.source)]
    ) { row in
      guard let id = JourneyRow.id(of: row) else { return }
      updates.append((id, JourneyField.all.indices.map { row.value(at: Int32($0 + 1)) }.map { $0 == .null ? nil : $0 }))
    }
    var journeys: Set<UUID> = []
    var fields: Set<String> = []
    for update in updates {
      guard let values = try JourneyRow.values(of: update.id, in: connection) else { continue }
      let old = zip(values, update.old).map { current, old in old ?? current }
      guard old != values else { continue }
      try batch.update(id: update.id, from: values, to: old)
      journeys.insert(update.id)
      for (field, (current, old)) in zip(JourneyField.all, zip(values, old)) where current != old {
        fields.insert(field.name)
      }
    }
    return (journeys.count, fields)
  }

  /// Inserts again the journeys the batch deleted, with the values they had before it; with
  /// `force`, one that exists again gets those values back instead. `recordsRows` says whether
  /// the batch logs what it writes.
  /// - Returns: How many journeys were inserted.
  private func revertDeletes(in batch: Batch, force: Bool, recordsRows: Bool) throws -> Int {
    let source = DatabaseValue.integer(target.batch.source)
    let values = JourneyField.all.map { rows.before($0) }.joined(separator: ", ")
    // The values before the batch are those of its first delete of a journey.
    let first = """
      SELECT min(id) FROM change WHERE batch = ?1 AND kind = '\(rows.deleted)' GROUP BY journey
      """
    // A journey the batch deleted and then inserted again (a replace) gets its values back in
    // place; with `force`, so does one that exists again for another reason.
    let existingCondition = force
      ? "" : " AND c.journey IN (SELECT journey FROM change WHERE batch = ?1 AND kind = '\(rows.inserted)')"
    do {
      var existing: [(UUID, [DatabaseValue])] = []
      try connection.forEachRow("""
        SELECT c.journey, \(values) FROM change c JOIN journey j ON j.id = c.journey
        WHERE c.id IN (\(first))\(existingCondition)
        """, [source]
      ) { row in
        if let id = JourneyRow.id(of: row) { existing.append((id, JourneyRow.fieldValues(of: row))) }
      }
      for (id, values) in existing {
        try batch.replace(id: id, values: values)
      }
    }
    var deferral = try IndexDeferral(connection: connection, includesChangeLog: recordsRows)
    let count = try connection.firstValue(
      "SELECT count(*) FROM change WHERE batch = ? AND kind = '\(rows.deleted)'", [source])?.integer ?? 0
    try deferral.noteInserted(Int(count))
    let inserted = try batch.insertAll(selecting: """
      SELECT c.journey, \(values) FROM change c WHERE c.id IN (\(first))
        AND NOT EXISTS (SELECT 1 FROM journey j WHERE j.id = c.journey)
      ORDER BY c.id
      """, parameter: source)
    try batch.recordInserts()
    try deferral.rebuild()
    return inserted
  }

  /// Deletes the journeys the batch inserted.
  /// - Returns: How many journeys were deleted.
  ///
  /// Undoing a large import deletes as many rows as it inserted: the indexes are dropped for the
  /// while and built again at the end, as a large import does.
  private func revertInserts(in batch: Batch, recordsRows: Bool) throws -> Int {
    let source = DatabaseValue.integer(target.batch.source)
    let inserts = try connection.firstValue(
      "SELECT count(*) FROM change WHERE batch = ? AND kind = '\(rows.inserted)'", [source])?.integer ?? 0
    guard inserts > 0 else { return 0 }
    var deferral = try IndexDeferral(connection: connection, includesChangeLog: recordsRows)
    try deferral.noteInserted(Int(inserts))
    // Not those it deleted first: a replaced journey keeps its row, with its values set back.
    let deleted = try batch.deleteAll(
      in: "SELECT journey FROM change WHERE batch = ?1 AND kind = '\(rows.inserted)' "
        + "AND journey NOT IN (SELECT journey FROM change WHERE batch = ?1 AND kind = '\(rows.deleted)')",
      parameter: source)
    try deferral.rebuild()
    return deleted
  }
}
