#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Reversal {
  /// Newer changes that reverting the batch would overwrite, the first `limit` of them.
  ///
  /// Every write to the journey table is in the log, so after the target only batches that were
  /// reverted since can have touched its journeys; what is checked here is what a revert relies
  /// on, by value: a field the batch set still holds what it wrote, a journey it deleted is still
  /// gone, a journey it inserted still exists (and, when the log holds the values it inserted,
  /// still holds them). A log whose triggers were dropped, or a forced undo, can break that.
  /// - Parameter counts: How many rows of each kind the batch has: a kind it has none of is not
  ///   looked for.
  func conflicts(limit: Int, counts: RowCounts) throws -> [RevertConflict] {
    var conflicts: [RevertConflict] = []
    let parameters: [DatabaseValue] = [.integer(target.batch.source), .integer(Int64(limit))]
    let newest = target.batch.isInverted ? "min" : "max"
    // Whether the batch deleted the journey too: asked per row only when the batch deleted any.
    let deletedLater = counts.deletes > 0 ? Self.deletedInBatch(deletedKind: rows.deleted) : "0"
    // A field the batch updated (its last update of it) no longer holds what the batch wrote;
    // unless the batch also deleted the journey, which the next check covers.
    for field in JourneyField.all where counts.updates > 0 {
      try connection.forEachRow("""
        SELECT u.journey, '\(field.name)', j.id IS NULL, j.\(field.column)
        FROM change u LEFT JOIN journey j ON j.id = u.journey
        WHERE u.id IN (
            SELECT \(newest)(id) FROM change WHERE batch = ?1 AND kind = 'update' AND \(rows.after(field)) IS NOT NULL
            GROUP BY journey)
          AND NOT \(deletedLater)
          AND (j.id IS NULL OR j.\(field.column) IS NOT u.\(rows.after(field)))
        LIMIT ?2
        """, parameters
      ) { row in
        if let conflict = Self.conflict(journey: row, field: 1, isGone: 2, current: 3) { conflicts.append(conflict) }
      }
    }
    // A journey the batch deleted exists again (and not because the batch inserted it again).
    // Deletes are rows of `change` (see `revertDeletes`); inserts may be a range's.
    if counts.deletes > 0 {
      try connection.forEachRow("""
        SELECT DISTINCT d.journey FROM change d JOIN journey j ON j.id = d.journey
        WHERE d.batch = ?1 AND d.kind = '\(rows.deleted)'
          AND d.journey NOT IN (SELECT journey FROM \(ChangeLog.rows) WHERE batch = ?1 AND kind = '\(rows.inserted)')
        LIMIT ?2
        """, parameters
      ) { row in
        if let id = JourneyRow.id(of: row) { conflicts.append(RevertConflict(journeyID: id, field: nil, reason: .existsAgain)) }
      }
    }
    // A journey the batch inserted is gone, or no longer holds the values it inserted, where the
    // log holds them. Only rows of `change` can say so: a range's journeys are read from the
    // journey table (a journey leaving its rowid has its range written out first) and hold no
    // values, so `ChangeLog.rows` would give a lookup per journey of an import, never a conflict.
    // A field the batch updated after inserting the journey (an import that replaced a journey it
    // had inserted, or the redo of its undo) holds what the update wrote, which the first check
    // compares.
    let differs = JourneyField.all.map { field in
      "(j.\(field.column) IS NOT u.\(rows.after(field)) AND NOT EXISTS (SELECT 1 FROM change d "
        + "WHERE \(ChangeLog.names(journey: "u.journey", in: "d.journey")) AND d.batch = ?1 "
        + "AND d.kind = 'update' AND d.\(rows.after(field)) IS NOT NULL))"
    }.joined(separator: " OR ")
    guard counts.inserts > 0 else { return Array(conflicts.prefix(limit)) }
    try connection.forEachRow("""
      SELECT u.journey, NULL, j.id IS NULL, NULL
      FROM change u LEFT JOIN journey j ON j.id = u.journey
      WHERE u.batch = ?1 AND u.kind = '\(rows.inserted)' AND NOT \(deletedLater)
        AND (j.id IS NULL OR (u.\(rows.after(JourneyField.all[0])) IS NOT NULL AND (\(differs))))
      LIMIT ?2
      """, parameters
    ) { row in
      if let conflict = Self.conflict(journey: row, field: 1, isGone: 2, current: 3) { conflicts.append(conflict) }
    }
    return Array(conflicts.prefix(limit))
  }

  /// Whether the batch `?1` deleted the journey of the change row `u` too (a row of the stored
  /// kind `deletedKind`), through the log's index by journey.
  static func deletedInBatch(deletedKind: String) -> String {
    "EXISTS (SELECT 1 FROM change d WHERE \(ChangeLog.names(journey: "u.journey", in: "d.journey")) "
      + "AND +d.batch = ?1 AND d.kind = '\(deletedKind)')"
  }

  /// A conflict read from a row: the journey's id, the field's name, whether the journey is gone,
  /// and the field's value now.
  private static func conflict(journey row: Statement, field: Int32, isGone: Int32, current: Int32) -> RevertConflict? {
    guard let id = JourneyRow.id(of: row) else { return nil }
    let field = JourneyField.exactlyNamed(row.text(at: field))
    guard row.integer(at: isGone) == 0 else {
      return RevertConflict(journeyID: id, field: field, reason: .deletedSince)
    }
    let value = row.value(at: current)
    return RevertConflict(journeyID: id, field: field, reason: .changedSince(current: field?.format(value) ?? ""))
  }
}
