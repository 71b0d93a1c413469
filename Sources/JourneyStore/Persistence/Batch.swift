#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writes of one transaction to the journey table, grouped under one batch of the change log
/// with a time and an origin.
///
/// The log itself is written by the journey table's triggers (see `Schema`): a batch writes its
/// row before the first write, so the triggers file every change under it, and closes it before
/// the commit. A transaction that writes nothing leaves no batch, and one whose writes changed
/// nothing has its batch removed: no history.
final class Batch {
  private let connection: Connection
  private let origin: String
  private let kind: BatchKind
  private let reverts: Int64?
  private let logging: Logging
  /// The batch row's id, once written.
  private(set) var id: Int64?
  /// With `.insertsInBulk`, the journey table's last rowid when the batch opened.
  private var lastRowIDBefore: Int64 = 0
  private var insertStatement: Statement?
  /// The statements that set some fields, by the fields' positions in `JourneyField.all`.
  private var updateStatements: [[Int]: Statement] = [:]

  /// How the triggers treat the writes of a batch.
  enum Logging {
    /// The triggers record every change (a command, or an undo or redo that must keep values).
    case recorded
    /// The triggers record every change but inserts, which `close()` records with one statement:
    /// an import of a million journeys pays no trigger per journey. (The inserted rows are those
    /// after the journey table's last rowid when the batch opened: SQLite gives a new row the
    /// next rowid.)
    case insertsInBulk
    /// The triggers are silent: the batch's changes are those of `source`'s rows, the other way
    /// round when `inverted` (an undo or redo that sets back exactly what its target changed).
    case derived(source: Int64, inverted: Bool)
  }

  /// A batch of the current transaction, whose row is written with its first write.
  /// - Parameters:
  ///   - kind: A command's own changes, or an undo or redo.
  ///   - reverts: The batch an undo or redo reverts.
  ///   - logging: Whether the triggers record the batch's changes.
  init(
    connection: Connection, origin: String, kind: BatchKind = .command, reverts: Int64? = nil,
    logging: Logging = .recorded
  ) {
    self.connection = connection
    self.origin = origin
    self.kind = kind
    self.reverts = reverts
    self.logging = logging
  }

  /// Writes the batch row, once: closes a batch another program left open, and opens this one.
  /// - Returns: The batch's id.
  @discardableResult
  func open() throws -> Int64 {
    if let id { return id }
    try connection.run("UPDATE batch SET state = 0 WHERE id = (SELECT max(id) FROM batch) AND state <> 0")
    let (state, source, inverted): (Int64, DatabaseValue, Int64) =
      switch logging {
      case .recorded: (1, .null, 0)
      case .insertsInBulk: (2, .null, 0)
      case .derived(let source, let inverted): (2, .integer(source), inverted ? 1 : 0)
      }
    try connection.run(
      "INSERT INTO batch (at, origin, kind, reverts, state, source, inverted) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .real(Date().timeIntervalSinceReferenceDate), .text(origin), .text(kind.rawValue),
        reverts.map { .integer($0) } ?? .null, .integer(state), source, .integer(inverted),
      ])
    let id = connection.lastInsertedRowID
    self.id = id
    if case .insertsInBulk = logging {
      lastRowIDBefore = try connection.firstValue("SELECT max(rowid) FROM journey")?.integer ?? 0
    }
    return id
  }

  /// Closes the batch before the commit; removes it when the triggers recorded nothing under it.
  /// - Returns: The batch's id, or `nil` when it wrote nothing or was empty and removed.
  func close() throws -> Int64? {
    guard let id else { return nil }
    try recordInserts()
    try connection.run("UPDATE batch SET state = 0 WHERE id = ?", [.integer(id)])
    let isDerived = if case .derived = logging { true } else { false }
    let isEmpty = try !isDerived && connection.firstValue("SELECT 1 FROM change WHERE batch = ? LIMIT 1", [.integer(id)]) == nil
    if isEmpty {
      try connection.run("DELETE FROM batch WHERE id = ?", [.integer(id)])
      // The id goes back to the pool, as if the batch had never been opened: no other connection
      // saw it. Ids of batches that were committed are never given again.
      try connection.run("UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'batch' AND seq = ?", [.integer(id)])
      self.id = nil
      return nil
    }
    return id
  }

  /// With `.insertsInBulk`, records the journeys inserted since the last call (or since the batch
  /// opened) with one statement; `close()` calls it too. Call it before an import builds its
  /// indexes again, so that the log's rows go in while the log's indexes are dropped.
  func recordInserts() throws {
    guard case .insertsInBulk = logging, let id else { return }
    try connection.run(
      "INSERT INTO change (batch, journey, kind) SELECT ?, id, 'insert' FROM journey WHERE rowid > ? ORDER BY rowid",
      [.integer(id), .integer(lastRowIDBefore)])
    lastRowIDBefore = try connection.firstValue("SELECT max(rowid) FROM journey")?.integer ?? 0
  }

  /// Inserts a journey.
  /// - Throws: `JourneyDatabaseError.duplicateID` when the id is taken, or `SQLiteError`.
  func insert(id: UUID, values: [DatabaseValue]) throws {
    try open()
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
    try update(id: id, fields: [JourneyField.all.firstIndex(of: field)!], to: [new])
  }

  /// Writes the fields whose value differs between `old` and `new` (stored values in the order of
  /// `JourneyField.all`), in one statement: the row goes from one valid state to the next (a
  /// new start and a new duration are checked together), and the log records one write.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func update(id: UUID, from old: [DatabaseValue], to new: [DatabaseValue]) throws {
    let changed = JourneyField.all.indices.filter { old[$0] != new[$0] }
    guard !changed.isEmpty else { return }
    try update(id: id, fields: changed, to: changed.map { new[$0] })
  }

  /// Sets the fields at these positions of `JourneyField.all` to `values`.
  private func update(id: UUID, fields: [Int], to values: [DatabaseValue]) throws {
    try open()
    let statement = try updateStatement(for: fields)
    statement.bind(.text(id.lowercasedText), at: 1)
    for (offset, value) in values.enumerated() {
      statement.bind(value, at: Int32(offset + 2))
    }
    var changed = 0
    try recorded {
      try statement.execute()
      changed = connection.changes
    }
    guard changed == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
  }

  /// Runs a write that is not an insert with the triggers recording it, in every mode but
  /// `.derived` (where nothing is recorded).
  private func recorded(_ write: () throws -> Void) throws {
    guard case .insertsInBulk = logging, let id else { return try write() }
    // The inserts so far go into the log first, so that it keeps the order of the writes (a
    // journey inserted, then replaced by a later record of the same import).
    try recordInserts()
    try connection.run("UPDATE batch SET state = 1 WHERE id = ?", [.integer(id)])
    try write()
    try connection.run("UPDATE batch SET state = 2 WHERE id = ?", [.integer(id)])
  }

  /// Deletes the journeys whose ids `subquery` selects (its `?1` bound to `parameter`), all at
  /// once. A recorded batch logs them as the delete trigger would, but with one statement for
  /// all of them instead of a trigger per journey: undoing an import of a million journeys.
  /// - Returns: How many journeys were deleted.
  func deleteAll(in subquery: String, parameter: DatabaseValue) throws -> Int {
    let id = try open()
    guard case .recorded = logging else {
      return try connection.run("DELETE FROM journey WHERE id IN (\(subquery))", [parameter])
    }
    try connection.run(
      "INSERT INTO change (batch, journey, kind, \(Self.oldColumns)) "
        + "SELECT ?2, id, 'delete', \(Self.columns) FROM journey WHERE id IN (\(subquery)) ORDER BY rowid",
      [parameter, .integer(id)])
    try connection.run("UPDATE batch SET state = 2 WHERE id = ?", [.integer(id)])
    let deleted = try connection.run("DELETE FROM journey WHERE id IN (\(subquery))", [parameter])
    try connection.run("UPDATE batch SET state = 1 WHERE id = ?", [.integer(id)])
    return deleted
  }

  /// The field columns of the journey table, and of the change log's old values.
  private static let columns = JourneyField.all.map(\.column).joined(separator: ", ")
  private static let oldColumns = JourneyField.all.map { "old_\($0.column)" }.joined(separator: ", ")

  /// Overwrites a journey's fields with new values.
  /// - Returns: Whether a value differed (`false`: the journey held them all already).
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  @discardableResult
  func replace(id: UUID, values: [DatabaseValue]) throws -> Bool {
    guard let old = try JourneyRow.values(of: id, in: connection) else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    try update(id: id, from: old, to: values)
    return old != values
  }

  /// Deletes a journey.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func delete(id: UUID) throws {
    try open()
    var deleted = 0
    try recorded { deleted = try connection.run("DELETE FROM journey WHERE id = ?", [.text(id.lowercasedText)]) }
    guard deleted == 1 else {
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

  /// The statement that sets some fields, prepared once for the batch.
  private func updateStatement(for fields: [Int]) throws -> Statement {
    if let statement = updateStatements[fields] { return statement }
    let assignments = fields.enumerated()
      .map { "\(JourneyField.all[$0.element].column) = ?\($0.offset + 2)" }
      .joined(separator: ", ")
    let statement = try connection.statement("UPDATE journey SET \(assignments) WHERE id = ?1")
    updateStatements[fields] = statement
    return statement
  }

  private static let insertJourney = """
    INSERT INTO journey (id, \(JourneyField.all.map(\.column).joined(separator: ", ")))
    VALUES (?\(String(repeating: ", ?", count: JourneyField.all.count)))
    """
}
