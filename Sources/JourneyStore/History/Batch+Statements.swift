#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Batch {
  /// What the log records of a batch.
  enum Logging {
    /// Every change: a command, or an undo or redo that must keep values. Inserts are logged
    /// many at a time (an import of a million journeys writes its log rows with one statement
    /// before it builds the log's indexes again), updates and deletes as they are made.
    case recorded
    /// Nothing but the batch: its changes are those of `source`'s rows, the other way round when
    /// `inverted` (an undo or redo that sets back exactly what its target changed).
    case derived(source: Int64, inverted: Bool)
  }

  /// Overwrites a journey's fields with new values.
  /// - Returns: The fields whose value differed, none when the journey held them all already.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  @discardableResult
  func replace(id: UUID, values: JourneyValues) throws -> JourneyFieldSet {
    guard let old = try JourneyRow.values(of: id, in: connection) else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    return try update(id: id, from: old, to: values)
  }

  /// The statements on the batch's own row and the journey table's insert.
  static let closeLeftOpen =
    "UPDATE batch SET state = \(BatchState.closed.rawValue) WHERE id = (SELECT max(id) FROM batch) "
    + "AND state <> \(BatchState.closed.rawValue)"
  static let insertOpenBatch =
    "INSERT INTO batch (at, origin, kind, reverts, state, source, inverted) "
    + "VALUES (?, ?, ?, ?, \(BatchState.openSelfLogged.rawValue), ?, ?)"
  static let closeBatch = "UPDATE batch SET state = \(BatchState.closed.rawValue) WHERE id = ?"
  static let insertJourney = """
    INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
    VALUES (?\(String(repeating: ", ?", count: JourneyField.all.count)))
    """
}
