#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The change-log rows of a batch's updates, held back until `rowsAStatement` of them are
/// written with one statement: each statement costs SQLite a fixed amount of work whatever it
/// writes (halting, closing its cursors, resetting), and a sync receiving many journeys would
/// otherwise pay it for every log row (BENCHMARKS.md, P12).
///
/// The rows are the same, with the same ids in the same order, as one statement a row would
/// write: a field the update did not change is `NULL` in both (the log's columns have no
/// default). The rows a full statement would not take are written one by one, with the statement
/// of their fields, so that a batch of one edit writes as it did.
///
/// `Batch` holds one and writes what it holds (`write(batch:)`) before anything reads or writes
/// the log in its transaction. A write that fails leaves the log short of rows: every later
/// write throws that failure again, so that the batch's transaction can only roll back.
struct UpdateLog {
  private let connection: Connection
  /// The updates not logged yet, in the order they were made.
  private var held: [Row] = []
  /// The statement that writes `rowsAStatement` rows, once prepared.
  private var manyRows: Statement?
  /// The statements that write one row, by the set of fields's `rawValue`.
  private var oneRow = [Statement?](repeating: nil, count: JourneyFieldSet.combinations)
  /// The failure of a write, which every later one throws.
  private var failure: (any Error)?

  /// How many rows one statement writes: the fastest of the counts measured (BENCHMARKS.md,
  /// P12).
  static let rowsAStatement = 16

  /// One update's log row: its journey, the fields it changed, their values before and after.
  private struct Row {
    let journey: UUID
    let fields: JourneyFieldSet
    let old: JourneyValues
    let new: JourneyValues
  }

  init(connection: Connection) {
    self.connection = connection
  }

  /// Holds the log row of an update of `journey` that changed `fields`, and writes the rows held
  /// once they fill a statement.
  /// - Parameter batch: The batch's id, which the rows name.
  mutating func append(
    journey: UUID, fields: JourneyFieldSet, old: JourneyValues, new: JourneyValues, batch: Int64
  ) throws {
    if let failure { throw failure }
    held.append(Row(journey: journey, fields: fields, old: old, new: new))
    if held.count == Self.rowsAStatement { try write(batch: batch) }
  }

  /// Writes every row held: a full statement's rows at once, fewer one by one.
  /// - Parameter batch: The batch's id, which the rows name.
  mutating func write(batch: Int64) throws {
    if let failure { throw failure }
    guard !held.isEmpty else { return }
    defer { held.removeAll(keepingCapacity: true) }
    do {
      if held.count == Self.rowsAStatement {
        try writeAll(held, batch: batch)
      } else {
        for row in held { try writeOne(row, batch: batch) }
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// Writes `rowsAStatement` rows with one statement.
  private mutating func writeAll(_ rows: [Row], batch: Int64) throws {
    let statement = try manyRowsStatement()
    // Unbound parameters are `NULL`: `reset()` clears them after each run, and here after a
    // failure, so that no value is left over for a field that the next rows did not change.
    do {
      try statement.bind(.integer(batch), at: 1)
      for (offset, row) in rows.enumerated() {
        let first = Int32(2 + offset * Self.parametersARow)
        try row.journey.withLowercasedText { try statement.bind(text: $0, at: first) }
        for field in row.fields {
          let parameter = first + 1 + 2 * Int32(field.index)
          try statement.bind(row.old[field], at: parameter)
          try statement.bind(row.new[field], at: parameter + 1)
        }
      }
      try statement.execute()
    } catch {
      statement.reset()
      throw error
    }
  }

  /// Writes one row with the statement of its fields.
  private mutating func writeOne(_ row: Row, batch: Int64) throws {
    let statement = try oneRowStatement(for: row.fields)
    try statement.bind(.integer(batch), at: 1)
    try row.journey.withLowercasedText { try statement.bind(text: $0, at: 2) }
    for (offset, field) in row.fields.enumerated() {
      try statement.bind(row.old[field], at: Int32(2 * offset + 3))
      try statement.bind(row.new[field], at: Int32(2 * offset + 4))
    }
    try statement.execute()
  }

  /// The parameters of a row of the statement of many: the journey, then each field's old and
  /// new values (the batch is `?1`, shared).
  private static let parametersARow = 1 + 2 * JourneyField.all.count

  /// The statement that writes `rowsAStatement` rows of every field, prepared once.
  private mutating func manyRowsStatement() throws -> Statement {
    if let manyRows { return manyRows }
    let columns = JourneyField.all.map { "old_\($0.column), new_\($0.column)" }
      .joined(separator: ", ")
    let rows = (0..<Self.rowsAStatement).map { row in
      let first = 2 + row * Self.parametersARow
      let values = (1..<Self.parametersARow).map { "?\(first + $0)" }.joined(separator: ", ")
      return "(?1, ?\(first), 'update', \(values))"
    }
    let statement = try connection.statement(
      "INSERT INTO change (batch, journey, kind, \(columns)) VALUES "
        + rows.joined(separator: ", "))
    manyRows = statement
    return statement
  }

  /// The statement that writes one row of the fields `fields`, prepared once.
  private mutating func oneRowStatement(for fields: JourneyFieldSet) throws -> Statement {
    let index = Int(fields.rawValue)
    if let made = oneRow[index] { return made }
    let columns = fields.map(\.column)
    let logged = columns.map { "old_\($0), new_\($0)" }.joined(separator: ", ")
    let placeholders = (0..<(2 * columns.count)).map { "?\($0 + 3)" }.joined(separator: ", ")
    let statement = try connection.statement(
      "INSERT INTO change (batch, journey, kind, \(logged)) "
        + "VALUES (?1, ?2, 'update', \(placeholders))")
    oneRow[index] = statement
    return statement
  }
}
