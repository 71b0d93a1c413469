#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which changes of the log to read, and in what order.
public struct ChangeQuery: Equatable, Sendable {
  /// Only changes to this journey, or to all when `nil`.
  public var journeyID: UUID?
  /// Only changes of this batch, or of all when `nil`.
  public var batch: Int64?
  /// Only changes after this one (by `JourneyChange.id`), or all when `nil`.
  public var after: Int64?
  /// Newest first (as `history` lists them) or oldest first (as `watch` prints them).
  public var isNewestFirst: Bool
  /// At most this many changes, or all when `nil`.
  public var limit: Int?

  /// A query of the changes that match every condition given, newest first by default.
  public init(
    journeyID: UUID? = nil, batch: Int64? = nil, after: Int64? = nil, isNewestFirst: Bool = true, limit: Int? = nil
  ) {
    self.journeyID = journeyID
    self.batch = batch
    self.after = after
    self.isNewestFirst = isNewestFirst
    self.limit = limit
  }
}

extension ChangeQuery {
  /// The `SELECT` of the changes with their batches, and its parameters.
  var sql: (String, [DatabaseValue]) {
    var conditions: [String] = []
    var values: [DatabaseValue] = []
    if let journeyID {
      conditions.append("c.journey = ?")
      values.append(.text(journeyID.lowercasedText))
    }
    if let batch {
      conditions.append("c.batch = ?")
      values.append(.integer(batch))
    }
    if let after {
      conditions.append("c.id > ?")
      values.append(.integer(after))
    }
    var sql = """
      SELECT c.id, c.batch, b.at, b.origin, b.kind, c.journey, c.kind, c.field, c.old, c.new
      FROM change c JOIN batch b ON b.id = c.batch
      """
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += isNewestFirst ? " ORDER BY c.id DESC" : " ORDER BY c.id"
    if let limit {
      sql += " LIMIT ?"
      values.append(.integer(Int64(limit)))
    }
    return (sql, values)
  }
}
