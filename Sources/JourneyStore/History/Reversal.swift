#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reverts one batch of the change log in the batch of the current write (`Batch.write`), which
/// it records as naming it: the work of `undo` and `redo`.
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
}

extension Reversal {
  /// Reverts the target batch through `batch`, a batch not written to yet.
  /// - Parameter force: Overwrites newer changes instead of refusing.
  /// - Throws: `JourneyDatabaseError.revertConflict`, or `SQLiteError`.
  func run(in batch: Batch, force: Bool) throws -> RevertSummary {
    let counts = try rowCounts()
    if !force {
      let conflicts = try self.conflicts(limit: 10, counts: counts)
      guard conflicts.isEmpty else {
        throw JourneyDatabaseError.revertConflict(
          kind: kind, batch: target.id, origin: target.origin, conflicts: conflicts)
      }
    }
    let insertsWithoutValues = counts.inserts > 0 && !target.batch.isInverted
    let logging: Batch.Logging = force || insertsWithoutValues
      ? .recorded : .derived(source: target.batch.source, inverted: !target.batch.isInverted)
    batch.describe(as: kind, reverting: target.id, logging: logging)
    let batchID = try batch.open()
    // In the reverse of the order a batch makes them: a journey it inserted, then updated, then
    // deleted comes back, gets its first values back, then goes. A kind of change the batch has
    // none of costs nothing (an import's undo has no deletes or updates to look through).
    let recordsRows = if case .recorded = logging { true } else { false }
    // A journey the target replaced (deleted, then inserted again) keeps its row and gets its
    // values back: it counts as updated, with the fields that changed, as do the updated ones.
    var updated = SetBack()
    let inserted = counts.deletes > 0
      ? try revertDeletes(
        in: batch, force: force, recordsRows: recordsRows, count: counts.deletes,
        alsoInserted: counts.inserts > 0, settingBack: &updated)
      : 0
    if counts.updates > 0 { try revertUpdates(in: batch, settingBack: &updated) }
    let deleted = counts.inserts > 0
      ? try revertInserts(
        in: batch, recordsRows: recordsRows, count: counts.inserts, alsoDeleted: counts.deletes > 0)
      : 0
    return RevertSummary(
      kind: kind, revertedBatch: target.id, commandBatch: target.command, origin: target.origin, date: target.date,
      batch: batchID, inserted: inserted, updated: updated.journeys.count,
      fields: JourneyField.all.filter(updated.fields.contains), deleted: deleted)
  }

  /// The journeys a revert set fields of in place, and which fields.
  private struct SetBack {
    var journeys: Set<UUID> = []
    var fields = JourneyFieldSet()

    mutating func note(_ journey: UUID, _ changed: JourneyFieldSet) {
      guard !changed.isEmpty else { return }
      journeys.insert(journey)
      fields = fields.union(changed)
    }
  }

  /// Runs a write that puts values back from the log. When the database refuses one (another
  /// program stored it past the table's CHECK constraints, and the log kept it), names the first
  /// of `values` (journeys' ids and field values) that it refuses, instead of SQLite's text.
  @discardableResult
  private func puttingBack<T>(_ values: @autoclosure () throws -> [(UUID, JourneyValues)], _ write: () throws -> T) throws -> T {
    do {
      return try write()
    } catch {
      // Not `catch let error as SQLiteError where …`: that form crashes the Swift 6.3.1 optimizer.
      guard (error as? SQLiteError)?.kind == .constraint else { throw error }
      for (id, row) in try values() {
        guard let (field, value) = JourneyRow.unreadableField(in: row) else { continue }
        throw JourneyDatabaseError.refusedValue(
          kind: kind, batch: target.id, origin: target.origin, id: id.lowercasedText, field: field.name,
          value: value.described)
      }
      throw error
    }
  }

  /// The journeys' ids and field values that `select` returns (its `?1` bound to `parameter`).
  private func journeyValues(_ select: String, _ parameter: DatabaseValue) throws -> [(UUID, JourneyValues)] {
    var rows: [(UUID, JourneyValues)] = []
    try connection.forEachRow(select, [parameter]) { row in
      if let id = JourneyRow.id(of: row) { rows.append((id, JourneyRow.fieldValues(of: row))) }
    }
    return rows
  }

  /// How many of the target's effective rows insert, update and delete journeys, read with one
  /// scan of its rows of `change` and a count of its ranges' journeys (stored inserts), which
  /// `ChangeLog.rows` would make into rows one by one only to be counted.
  func rowCounts() throws -> RowCounts {
    var counts = RowCounts(inserts: 0, updates: 0, deletes: 0)
    let rows = self.rows
    try connection.forEachRow(
      "SELECT count(*) FILTER (WHERE kind = ?2), count(*) FILTER (WHERE kind = 'update'), "
        + "count(*) FILTER (WHERE kind = ?3), (\(ChangeLog.rangeJourneyCount(ofBatchAt: 1))) "
        + "FROM change WHERE batch = ?1",
      [.integer(target.batch.source), .text(rows.inserted), .text(rows.deleted)]
    ) { row in
      let ranged = Int(row.integer(at: 3))
      counts = RowCounts(
        inserts: Int(row.integer(at: 0)) + (rows.inserted == "insert" ? ranged : 0),
        updates: Int(row.integer(at: 1)),
        deletes: Int(row.integer(at: 2)) + (rows.deleted == "insert" ? ranged : 0))
    }
    return counts
  }

  /// How many of a batch's rows insert, update and delete journeys, read as a revert reads them.
  struct RowCounts {
    let inserts: Int
    let updates: Int
    let deletes: Int
  }

  /// How the target's rows read: which stored kind is an effective insert or delete, and which
  /// columns hold the values before and after it.
  var rows: EffectiveRows { target.batch.effectiveRows }

  /// Sets each field the batch updated back to its old value, newest change first, noting the
  /// journeys and fields it changed in `setBack`.
  private func revertUpdates(in batch: Batch, settingBack setBack: inout SetBack) throws {
    // Each row is one write that changed some fields together: they go back together, in one
    // statement, so that the row passes through the states it had (a start and a duration
    // checked together against the end of the calendar).
    // Each update's fields (those it logged a value of) and their values before it.
    var updates: [(id: UUID, fields: JourneyFieldSet, old: JourneyValues)] = []
    let columns = JourneyField.all.map { rows.before($0) }.joined(separator: ", ")
    try connection.forEachRow(
      "SELECT journey, \(columns) FROM change WHERE batch = ? AND kind = 'update' ORDER BY id \(rows.newestFirst)",
      [.integer(target.batch.source)]
    ) { row in
      guard let id = JourneyRow.id(of: row) else { return }
      let old = JourneyRow.fieldValues(of: row)
      updates.append((id, JourneyFieldSet(old.fields.filter { $0.1 != .null }.map(\.0)), old))
    }
    for update in updates {
      guard let values = try JourneyRow.values(of: update.id, in: connection) else { continue }
      let old = values.replacing(update.fields, with: update.old)
      let changed = try puttingBack([(update.id, old)]) {
        try batch.update(id: update.id, from: values, to: old)
      }
      setBack.note(update.id, changed)
    }
  }

  /// Inserts again the journeys the batch deleted, with the values they had before it; with
  /// `force`, one that exists again gets those values back instead, noted in `setBack`.
  /// `recordsRows` says whether the batch logs what it writes; `alsoInserted`, whether the
  /// target inserted any journey.
  /// - Returns: How many journeys were inserted.
  private func revertDeletes(
    in batch: Batch, force: Bool, recordsRows: Bool, count: Int, alsoInserted: Bool,
    settingBack setBack: inout SetBack
  ) throws -> Int {
    let source = DatabaseValue.integer(target.batch.source)
    let values = JourneyField.all.map { rows.before($0) }.joined(separator: ", ")
    // The values before the batch are those of its first delete of a journey. Its deletes are
    // rows of `change`, never of a range (`ChangeLog.rows`): a range holds inserts, and no batch
    // reads a range's batch inverted (an undo of inserts is recorded), so `change` is read, by id.
    let first = """
      SELECT min(id) FROM change WHERE batch = ?1 AND kind = '\(rows.deleted)' GROUP BY journey
      """
    // A journey the batch deleted and then inserted again (a replace) gets its values back in
    // place; with `force`, so does one that exists again for another reason. A batch that
    // inserted nothing replaced nothing: its journeys are not looked up (a redo of an import's
    // undo would look up every one of them, to find none).
    let existingCondition = force
      ? "" : " AND c.journey IN (SELECT journey FROM \(ChangeLog.rows) WHERE batch = ?1 AND kind = '\(rows.inserted)')"
    let existing = force || alsoInserted
      ? try journeyValues(
        "SELECT c.journey, \(values) FROM change c JOIN journey j ON j.id = c.journey "
          + "WHERE c.id IN (\(first))\(existingCondition)", source)
      : []
    for (id, values) in existing {
      setBack.note(id, try puttingBack([(id, values)]) { try batch.replace(id: id, values: values) })
    }
    // Those updates' log rows first: the deferral measures the log by its last row.
    try batch.writeHeldLogRows()
    var deferral = try IndexDeferral(connection: connection, includesChangeLog: recordsRows)
    try deferral.noteInserted(count)
    let restored = "SELECT c.journey, \(values) FROM change c WHERE c.id IN (\(first))"
    let inserted = try puttingBack(try journeyValues(restored, source)) {
      try batch.insertAll(
        selecting: "\(restored) AND NOT EXISTS (SELECT 1 FROM journey j WHERE j.id = c.journey) ORDER BY c.id",
        parameter: source)
    }
    try batch.writeHeldLogRows()
    try deferral.rebuild()
    return inserted
  }

  /// Deletes the journeys the batch inserted; `alsoDeleted` says whether the target deleted any.
  /// - Returns: How many journeys were deleted.
  ///
  /// Undoing a large import deletes as many rows as it inserted: the indexes are dropped for the
  /// while and built again at the end, as a large import does. Its ranges are not written out:
  /// the undo's own log rows stand for them (`Batch.deleteAll`), unless the target also deleted
  /// journeys (one it inserted again keeps its row, which a range could hold).
  private func revertInserts(
    in batch: Batch, recordsRows: Bool, count inserts: Int, alsoDeleted: Bool
  ) throws -> Int {
    let source = DatabaseValue.integer(target.batch.source)
    var deferral = try IndexDeferral(connection: connection, includesChangeLog: recordsRows)
    try deferral.noteInserted(inserts)
    // Not those it deleted first: a replaced journey keeps its row, with its values set back.
    // That leaves one row per journey: the batch can insert a journey twice only by deleting it
    // in between.
    let deleted = try batch.deleteAll(
      namedBy: "c.batch = ?1 AND c.kind = '\(rows.inserted)' "
        + "AND c.journey NOT IN (SELECT journey FROM change WHERE batch = ?1 AND kind = '\(rows.deleted)')",
      parameter: source, anchoringRanges: !rows.isInverted && !alsoDeleted)
    try deferral.rebuild()
    return deleted
  }
}
