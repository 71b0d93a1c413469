#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
}
