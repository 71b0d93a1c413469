#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The change-log rows of a batch's updates, held back and written `rowsAStatement` to a statement
/// (`MultiRowInsert`): a sync receiving many journeys would otherwise pay a statement's fixed
/// cost for every log row (BENCHMARKS.md, P12).
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
  /// The updates not logged yet, in the order they were made; a row's shape is its set of
  /// fields' `rawValue`.
  private var rows: MultiRowInsert<Row>
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
    rows = MultiRowInsert(
      connection: connection, rowsAStatement: Self.rowsAStatement, manyRowsSQL: Self.manyRowsSQL,
      shapes: JourneyFieldSet.combinations
    ) { shape in
      Self.oneRowSQL(JourneyFieldSet(rawValue: UInt8(shape)))
    }
  }

  /// Holds the log row of an update of `journey` that changed `fields`, and writes the rows held
  /// once they fill a statement.
  /// - Parameter batch: The batch's id, which the rows name.
  mutating func append(
    journey: UUID, fields: JourneyFieldSet, old: JourneyValues, new: JourneyValues, batch: Int64
  ) throws {
    if let failure { throw failure }
    if rows.append(Row(journey: journey, fields: fields, old: old, new: new)) {
      try write(batch: batch)
    }
  }

  /// Writes every row held: a full statement's rows at once, fewer one by one.
  /// - Parameter batch: The batch's id, which the rows name.
  mutating func write(batch: Int64) throws {
    if let failure { throw failure }
    guard !rows.isEmpty else { return }
    do {
      try rows.write(shape: { Int($0.fields.rawValue) }, shared: { try $0.bind(.integer(batch), at: 1) }) {
        statement, row, offset in
        try row.journey.withLowercasedText { try statement.bind(text: $0, at: Self.journeyParameter(offset)) }
        if let offset {
          // Every field has its parameters in the statement of many; those of a field the
          // update did not change stay unbound, `NULL`.
          for field in row.fields {
            let parameter = Self.journeyParameter(offset) + 1 + 2 * Int32(field.index)
            try statement.bind(row.old[field], at: parameter)
            try statement.bind(row.new[field], at: parameter + 1)
          }
        } else {
          for (position, field) in row.fields.enumerated() {
            try statement.bind(row.old[field], at: Int32(2 * position + 3))
            try statement.bind(row.new[field], at: Int32(2 * position + 4))
          }
        }
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// The parameters of a row of the statement of many: the journey, then each field's old and
  /// new values (the batch is `?1`, shared).
  private static let parametersARow = 1 + 2 * JourneyField.all.count

  /// The parameter of a row's journey: in the statement of many, the first of the row's; alone,
  /// `?2`.
  private static func journeyParameter(_ offset: Int?) -> Int32 {
    Int32(2 + (offset ?? 0) * parametersARow)
  }

  /// The statement that writes `rowsAStatement` rows of every field.
  private static let manyRowsSQL: String = {
    let columns = JourneyField.all.map { "old_\($0.column), new_\($0.column)" }
      .joined(separator: ", ")
    let rows = (0..<rowsAStatement).map { row in
      let first = 2 + row * parametersARow
      let values = (1..<parametersARow).map { "?\(first + $0)" }.joined(separator: ", ")
      return "(?1, ?\(first), 'update', \(values))"
    }
    return "INSERT INTO change (batch, journey, kind, \(columns)) VALUES " + rows.joined(separator: ", ")
  }()

  /// The statement that writes one row of the fields `fields`.
  private static func oneRowSQL(_ fields: JourneyFieldSet) -> String {
    let columns = fields.map(\.column)
    let logged = columns.map { "old_\($0), new_\($0)" }.joined(separator: ", ")
    let placeholders = (0..<(2 * columns.count)).map { "?\($0 + 3)" }.joined(separator: ", ")
    return "INSERT INTO change (batch, journey, kind, \(logged)) VALUES (?1, ?2, 'update', \(placeholders))"
  }
}
