#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writes of one transaction to the journey table, each recorded in the change log under
/// one batch with a time and an origin. The batch row is written with the first change, so a
/// transaction that changes nothing leaves no history.
final class Batch {
  private let connection: Connection
  private let origin: String
  private let kind: JourneyChange.BatchKind
  private let reverts: Int64?
  private var id: Int64?
  private var insertStatement: Statement?
  private var recordStatement: Statement?
  private var updateStatements: [String: Statement] = [:]

  /// - Parameters:
  ///   - kind: A command's own changes, or an undo or redo.
  ///   - reverts: The batch an undo or redo reverts.
  init(connection: Connection, origin: String, kind: JourneyChange.BatchKind = .command, reverts: Int64? = nil) {
    self.connection = connection
    self.origin = origin
    self.kind = kind
    self.reverts = reverts
  }

  /// Inserts a journey and records the insert (without its values: the journey row holds them).
  /// - Throws: `JourneyDatabaseError.duplicateID` when the id is taken, or `SQLiteError`.
  func insert(id: UUID, values: [DatabaseValue]) throws {
    let key = DatabaseValue.text(id.lowercasedText)
    let statement = try insertJourney()
    statement.bind(key, at: 1)
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
    try record(journey: key, kind: .insert)
  }

  /// Sets one field of a journey and records its old and new value.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func update(id: UUID, field: JourneyField, from old: DatabaseValue, to new: DatabaseValue) throws {
    let key = DatabaseValue.text(id.lowercasedText)
    let statement = try updateStatement(for: field)
    statement.bind(key, at: 1)
    statement.bind(new, at: 2)
    try statement.execute()
    guard connection.changes == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    try record(journey: key, kind: .update, field: field, old: old, new: new)
  }

  /// Writes the fields whose value differs between `old` and `new` (stored values in the order of
  /// `JourneyField.all`), recording each as an update.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func update(id: UUID, from old: [DatabaseValue], to new: [DatabaseValue]) throws {
    for (field, (old, new)) in zip(JourneyField.all, zip(old, new)) where old != new {
      try update(id: id, field: field, from: old, to: new)
    }
  }

  /// Overwrites a journey's fields with new values, recording each change as an update.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func replace(id: UUID, values: [DatabaseValue]) throws {
    guard let old = try JourneyRow.values(of: id, in: connection) else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    try update(id: id, from: old, to: values)
  }

  /// Deletes a journey and records each of its fields' last value.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func delete(id: UUID) throws {
    let key = DatabaseValue.text(id.lowercasedText)
    guard let values = try JourneyRow.values(of: id, in: connection) else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    for (field, value) in zip(JourneyField.all, values) {
      try record(journey: key, kind: .delete, field: field, old: value)
    }
    try connection.run("DELETE FROM journey WHERE id = ?", [key])
  }

  /// Records one change in the log.
  func record(
    journey: DatabaseValue, kind: JourneyChange.Kind, field: JourneyField? = nil,
    old: DatabaseValue = .null, new: DatabaseValue = .null
  ) throws {
    let batch = DatabaseValue.integer(try batchID())
    let statement = try recordChange()
    statement.bind(batch, at: 1)
    statement.bind(journey, at: 2)
    statement.bind(.text(kind.rawValue), at: 3)
    statement.bind(field.map { .text($0.name) } ?? .null, at: 4)
    statement.bind(old, at: 5)
    statement.bind(new, at: 6)
    try statement.execute()
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

  /// The statement that records a change, prepared once for the batch.
  private func recordChange() throws -> Statement {
    if let recordStatement { return recordStatement }
    let statement = try connection.statement(
      "INSERT INTO change (batch, journey, kind, field, old, new) VALUES (?, ?, ?, ?, ?, ?)")
    recordStatement = statement
    return statement
  }

  /// The id of the batch row once a change wrote it, `nil` while the batch is empty.
  var writtenID: Int64? { id }

  /// The id of the batch row, written when first asked for.
  func batchID() throws -> Int64 {
    if let id { return id }
    try connection.run(
      "INSERT INTO batch (at, origin, kind, reverts) VALUES (?, ?, ?, ?)",
      [.real(Date().timeIntervalSinceReferenceDate), .text(origin), .text(kind.rawValue), reverts.map { .integer($0) } ?? .null])
    let id = connection.lastInsertedRowID
    self.id = id
    return id
  }

  private static let insertJourney = """
    INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
    VALUES (?\(String(repeating: ", ?", count: JourneyField.all.count)))
    """
}
