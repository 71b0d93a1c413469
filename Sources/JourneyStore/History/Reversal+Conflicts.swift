#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Reversal {
  /// Newer changes that reverting the batch would overwrite, the first `limit` of them.
  func conflicts(limit: Int) throws -> [RevertConflict] {
    var conflicts: [RevertConflict] = []
    let parameters: [DatabaseValue] = [.integer(target.id), .integer(Int64(limit))]
    // A field the batch updated (its last update of it) no longer holds what the batch wrote;
    // unless the batch then deleted the journey, which the next check covers.
    try connection.forEachRow("""
      SELECT u.journey, u.field, j.id IS NULL, \(Self.currentValue(field: "u.field"))
      FROM change u LEFT JOIN journey j ON j.id = u.journey
      WHERE u.id IN (SELECT max(id) FROM change WHERE batch = ?1 AND kind = 'update' GROUP BY journey, field)
        AND NOT EXISTS (SELECT 1 FROM change d WHERE d.journey = u.journey AND +d.batch = ?1 AND d.kind = 'delete')
        AND (j.id IS NULL OR \(Self.currentValue(field: "u.field")) IS NOT u.new)
      LIMIT ?2
      """, parameters
    ) { row in
      if let conflict = Self.conflict(journey: row, field: 1, isGone: 2, current: 3) { conflicts.append(conflict) }
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
    // had just after the batch: the old value of the field's first change by a later batch. (The
    // log keeps no copy of an inserted journey's values, so a field that no later batch changed is
    // not checked: a write outside the log to it goes unnoticed.)
    try connection.forEachRow("""
      SELECT i.journey, NULL, 1, NULL FROM change i
      WHERE i.batch = ?1 AND i.kind = 'insert' AND NOT EXISTS (SELECT 1 FROM journey j WHERE j.id = i.journey)
        AND NOT EXISTS (SELECT 1 FROM change d WHERE d.journey = i.journey AND +d.batch = ?1 AND d.kind = 'delete')
      UNION ALL
      SELECT i.journey, l.field, 0, \(Self.currentValue(field: "l.field"))
      FROM change i JOIN journey j ON j.id = i.journey
      JOIN change l ON l.journey = i.journey AND l.id > i.id AND l.batch <> i.batch AND l.field IS NOT NULL
      WHERE i.batch = ?1 AND i.kind = 'insert'
        AND NOT EXISTS (
          SELECT 1 FROM change m
          WHERE m.journey = i.journey AND m.field = l.field AND m.id > i.id AND m.id < l.id AND m.batch <> i.batch)
        AND l.old IS NOT \(Self.currentValue(field: "l.field"))
      LIMIT ?2
      """, parameters
    ) { row in
      if let conflict = Self.conflict(journey: row, field: 1, isGone: 2, current: 3) { conflicts.append(conflict) }
    }
    return Array(conflicts.prefix(limit))
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
