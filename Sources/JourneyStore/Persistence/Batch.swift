#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writes of one transaction to the journey table, grouped under one batch of the change log
/// with a time and an origin.
///
/// The log itself is written by the journey table's triggers (see `Schema`): a batch opens its
/// row before the first write, so the triggers file every change under it, and closes it before
/// the commit. A batch that changed nothing is removed, so a transaction that changes nothing
/// leaves no history.
final class Batch {
  private let connection: Connection
  /// The batch row's id.
  let id: Int64
  private let isDerived: Bool
  private var insertStatement: Statement?
  private var updateStatements: [String: Statement] = [:]

  /// How the triggers treat the writes of a batch.
  enum Logging {
    /// The triggers record every change (a command, or an undo or redo that must keep values).
    case recorded
    /// The triggers are silent: the batch's changes are those of `source`'s rows, the other way
    /// round when `inverted` (an undo or redo that sets back exactly what its target changed).
    case derived(source: Int64, inverted: Bool)
  }

  /// Opens a batch in the current transaction: closes a batch another program left open, and
  /// writes this one's row.
  /// - Parameters:
  ///   - kind: A command's own changes, or an undo or redo.
  ///   - reverts: The batch an undo or redo reverts.
  ///   - logging: Whether the triggers record the batch's changes.
  init(
    connection: Connection, origin: String, kind: JourneyChange.BatchKind = .command, reverts: Int64? = nil,
    logging: Logging = .recorded
  ) throws {
    self.connection = connection
    try connection.run("UPDATE batch SET state = 0 WHERE id = (SELECT max(id) FROM batch) AND state <> 0")
    let (state, source, inverted): (Int64, DatabaseValue, Int64) =
      switch logging {
      case .recorded: (1, .null, 0)
      case .derived(let source, let inverted): (2, .integer(source), inverted ? 1 : 0)
      }
    try connection.run(
      "INSERT INTO batch (at, origin, kind, reverts, state, source, inverted) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .real(Date().timeIntervalSinceReferenceDate), .text(origin), .text(kind.rawValue),
        reverts.map { .integer($0) } ?? .null, .integer(state), source, .integer(inverted),
      ])
    id = connection.lastInsertedRowID
    if case .derived = logging { isDerived = true } else { isDerived = false }
  }

  /// Closes the batch before the commit; removes it when the triggers recorded nothing under it.
  /// - Returns: The batch's id, or `nil` when it was empty and removed.
  func close() throws -> Int64? {
    try connection.run("UPDATE batch SET state = 0 WHERE id = ?", [.integer(id)])
    let isEmpty = try !isDerived && connection.firstValue("SELECT 1 FROM change WHERE batch = ? LIMIT 1", [.integer(id)]) == nil
    if isEmpty {
      try connection.run("DELETE FROM batch WHERE id = ?", [.integer(id)])
      return nil
    }
    return id
  }

  /// Inserts a journey.
  /// - Throws: `JourneyDatabaseError.duplicateID` when the id is taken, or `SQLiteError`.
  func insert(id: UUID, values: [DatabaseValue]) throws {
    let statement = try insertJourney()
    statement.bind(.text(id.lowercasedText), at: 1)
    for (offset, value) in values.enumerated() {
      statement.bind(value, at: Int32(offset + 2))
    }
    do {
      try statement.execute()
    } catch {
      // Not `catch let error where …`: that form crashes the Swift 6.3.1 optimizer here.
      if error.isUniquenessViolation { throw JourneyDatabaseError.duplicateID(id) }
      throw error
    }
  }

  /// Sets one field of a journey.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func update(id: UUID, field: JourneyField, to new: DatabaseValue) throws {
    let statement = try updateStatement(for: field)
    statement.bind(.text(id.lowercasedText), at: 1)
    statement.bind(new, at: 2)
    try statement.execute()
    guard connection.changes == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
  }

  /// Writes the fields whose value differs between `old` and `new` (stored values in the order of
  /// `JourneyField.all`).
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func update(id: UUID, from old: [DatabaseValue], to new: [DatabaseValue]) throws {
    for (field, (old, new)) in zip(JourneyField.all, zip(old, new)) where old != new {
      try update(id: id, field: field, to: new)
    }
  }

  /// Overwrites a journey's fields with new values.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func replace(id: UUID, values: [DatabaseValue]) throws {
    guard let old = try JourneyRow.values(of: id, in: connection) else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    try update(id: id, from: old, to: values)
  }

  /// Deletes a journey.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func delete(id: UUID) throws {
    try connection.run("DELETE FROM journey WHERE id = ?", [.text(id.lowercasedText)])
    guard connection.changes == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
  }

  /// The statement that inserts a journey, prepared once for the batch.
  private func insertJourney() throws -> Statement {
    if let insertStatement { return insertStatement }
    let statement = try connection.statement(Self.insertJourney)
    insertStatement = statement
    return statement
  }

  /// The statement that sets one field, prepared once for the batch.
  private func updateStatement(for field: JourneyField) throws -> Statement {
    if let statement = updateStatements[field.name] { return statement }
    let statement = try connection.statement("UPDATE journey SET \(field.column) = ?2 WHERE id = ?1")
    updateStatements[field.name] = statement
    return statement
  }

  private static let insertJourney = """
    INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
    VALUES (?\(String(repeating: ", ?", count: JourneyField.all.count)))
    """
}
