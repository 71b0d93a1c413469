#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// The condition that the log's column `column` names the journey `id` (an SQL expression: a
  /// parameter or another row's column), through the log's index by journey, whose expression
  /// (the first 8 characters, `Schema.version4`) it names as the index has it. `+` keeps SQLite
  /// from putting `id` in place of `column` in the prefix term, which would then no longer name
  /// the index's expression, and SQLite would read the whole log. `ChangeLogIndexTests` checks
  /// the plans of the queries that use it.
  static func names(journey id: String, in column: String = "journey") -> String {
    "substr(\(column), 1, 8) = substr(\(id), 1, 8) AND +\(column) = \(id)"
  }

  /// The ids in the log that start with `?1`, at most 11, through the log's index by journey.
  static let journeysByPrefix = """
    SELECT DISTINCT journey FROM change WHERE substr(journey, 1, 8) >= substr(?1, 1, 8)
      AND substr(journey, 1, 8) < substr(?1, 1, 8) || 'g' AND journey >= ?1 AND journey < ?1 || 'g'
    ORDER BY journey LIMIT 11
    """

  /// The name a journey `?1` had when it was last deleted.
  static let nameWhenDeleted =
    "SELECT old_name FROM change WHERE \(names(journey: "?1")) AND kind = 'delete' ORDER BY id DESC LIMIT 1"

  /// The name the journey `id` had when it was last deleted, or `nil` when the log has no delete
  /// of it.
  func nameWhenDeleted(_ id: UUID) throws -> String? {
    try connection.firstValue(Self.nameWhenDeleted, [.text(id.lowercasedText)])?.text
  }

  /// How many batches the log holds.
  func batchCount() throws -> Int {
    Int(try connection.firstValue("SELECT count(*) FROM batch")?.integer ?? 0)
  }
}
