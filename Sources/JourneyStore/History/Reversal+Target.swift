#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Reversal {
  /// The most recent batch an undo or a redo applies to.
  struct Target {
    /// The batch to revert.
    let batch: ChangeLog.BatchRecord
    /// The command at the start of its chain of undos and redos (or the oldest batch of the
    /// chain that `history prune` kept), its origin and time.
    let command: Int64
    let origin: String
    let date: Date

    var id: Int64 { batch.id }

    /// For an undo, the newest command or redo batch that is in effect (not reverted); for a
    /// redo, the newest undo that is in effect with no command after it; among the batches
    /// `history prune` kept. The command is found by following what each batch reverts back to
    /// the start of the chain.
    /// - Parameter origin: Only the batches of this origin are reverted, and only its commands
    ///   end a redo; `nil` for the whole file.
    static func latest(
      for kind: JourneyChange.BatchKind, in log: ChangeLog, origin: String? = nil
    ) throws -> Target? {
      let ofOrigin = origin == nil ? "" : " AND b.origin = ?2"
      let condition = kind == .undo
        ? "(b.kind = 'command' OR b.kind = 'redo')\(ofOrigin)"
        : "b.kind = 'undo'\(ofOrigin) AND NOT EXISTS (SELECT 1 FROM batch c WHERE c.kind = 'command' AND c.id > b.id"
          + (origin == nil ? ")" : " AND c.origin = ?2)")
      let horizon = DatabaseValue.integer(try log.horizon()?.batch ?? 0)
      let parameters = origin.map { [horizon, .text($0)] } ?? [horizon]
      var found: (batch: Int64, command: Int64)?
      try log.connection.forEachRow("""
        WITH RECURSIVE chain (id, reverts) AS (
          SELECT * FROM (
            SELECT b.id, b.reverts FROM batch b
            WHERE \(condition) AND b.id >= ?1 AND NOT EXISTS (SELECT 1 FROM batch r WHERE r.reverts = b.id)
            ORDER BY b.id DESC LIMIT 1)
          UNION ALL
          SELECT b.id, b.reverts FROM batch b JOIN chain ON b.id = chain.reverts WHERE b.id >= ?1
        ) SELECT max(id), min(id) FROM chain HAVING count(*) > 0
        """, parameters
      ) { row in
        found = (row.integer(at: 0), row.integer(at: 1))
      }
      guard let found, let batch = try log.batch(found.batch), let command = try log.batch(found.command) else {
        return nil
      }
      return Target(batch: batch, command: command.id, origin: command.origin, date: command.date)
    }
  }
}
