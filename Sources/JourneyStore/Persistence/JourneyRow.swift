#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading journeys from rows of the journey table: the columns, in the order of
/// `JourneyField.all` after the id.
enum JourneyRow {
  /// The field columns, in the order of `JourneyField.all`, for a `SELECT` or an `INSERT`.
  static let fieldColumns = JourneyField.all.map(\.column).joined(separator: ", ")

  /// `id` and the field columns, for a `SELECT`.
  static let columns = "id, " + fieldColumns

  /// The stored field values of the journey with this id, or `nil` when there is none.
  static func values(of id: UUID, in connection: Connection) throws -> JourneyValues? {
    var values: JourneyValues?
    try connection.forEachRow(selectByID, [.text(id.lowercasedText)]) { row in
      values = fieldValues(of: row)
    }
    return values
  }

  /// The rowids and stored field values of `count` journeys numbered from 0, by number (`nil`:
  /// none), read with one scan of the table in the order of the ids (through their index): for
  /// many journeys at once (a sync receiving them, which numbers them in that order and finds
  /// each row's number without a hash: `SyncJourneys.IDOrderLookup`), where a lookup of each
  /// costs several times more. `number` finds a row's number from the UTF-8 bytes of its id
  /// (`nil`: a journey not wanted), so that no row makes a `String`.
  static func rows(
    ofEach count: Int, in connection: Connection,
    number: (UnsafeBufferPointer<UInt8>) -> Int?
  ) throws -> [(rowid: Int64, values: JourneyValues)?] {
    var rows = [(rowid: Int64, values: JourneyValues)?](repeating: nil, count: count)
    let rowid = Int32(JourneyField.all.count + 1)
    try connection.forEachRow("SELECT \(columns), rowid FROM journey ORDER BY id") { row in
      if let number = row.withText(at: 0, number) {
        rows[number] = (row.integer(at: rowid), fieldValues(of: row))
      }
    }
    return rows
  }

  /// The query of one journey by id, built once: it runs once for every journey edited.
  private static let selectByID = "SELECT \(columns) FROM journey WHERE id = ?"

  /// The id of the row a statement is positioned on.
  static func id(of row: Statement) -> UUID? {
    row.withText(at: 0) { UUID(text: $0) }
  }

  /// The id of the row a statement is positioned on, which roadtrip shows: a lowercase UUID.
  /// - Throws: `JourneyDatabaseError.foreignID` for any other text another program stored (an id
  ///   in capitals would be shown, and then not found by the commands that take it).
  static func readableID(of row: Statement) throws(JourneyDatabaseError) -> UUID {
    guard let id = row.withText(at: 0, { UUID(lowercasedText: $0) }) else {
      throw JourneyDatabaseError.foreignID(row.text(at: 0))
    }
    return id
  }

  /// Checks that the id of the row a statement is positioned on is one roadtrip shows, without
  /// making it (`readableID(of:)` explains).
  /// - Throws: `JourneyDatabaseError.foreignID`.
  static func checkReadableID(of row: Statement) throws(JourneyDatabaseError) {
    guard row.withText(at: 0, UUID.isLowercasedText) else {
      throw JourneyDatabaseError.foreignID(row.text(at: 0))
    }
  }

  /// The stored field values of the row a statement is positioned on.
  static func fieldValues(of row: Statement) -> JourneyValues {
    JourneyValues(JourneyField.all.indices.map { row.value(at: Int32($0 + 1)) })
  }

  /// The stored field values of the row a statement is positioned on, each one the model can
  /// hold as it is (its id is not checked: `readableID(of:)` and `checkReadableID(of:)` do that).
  /// - Throws: `JourneyDatabaseError.unreadableValue`.
  static func readableFieldValues(of row: Statement) throws(JourneyDatabaseError) -> JourneyValues {
    let values = fieldValues(of: row)
    try checkReadable(id: row.text(at: 0), values: values)
    return values
  }

  /// A new, unmanaged journey with the values of the row a statement is positioned on.
  static func journey(from row: Statement) -> Journey? {
    guard let id = id(of: row) else { return nil }
    return journey(id: id, values: fieldValues(of: row))
  }

  /// The first field (of `fields`, or of all) whose stored value the model cannot hold, with
  /// that value: reading it would show a default in its place. A duration that ends after the
  /// calendar (year 9999) counts too: its end date could not be written.
  static func unreadableField(
    in values: JourneyValues, among fields: Set<JourneyField>? = nil
  ) -> (field: JourneyField, value: DatabaseValue)? {
    if let found = values.fields.first(where: { field, value in
      fields?.contains(field) ?? true ? !field.canHold(value) : false
    }) {
      return (found.0, found.1)
    }
    let (start, duration) = (values[.startDate], values[.duration])
    guard fields?.contains(.duration) ?? true, let startSeconds = start.double, let seconds = duration.double,
      !Journey.liesWithinCalendar(start: Date(timeIntervalSinceReferenceDate: startSeconds), duration: seconds)
    else { return nil }
    return (.duration, duration)
  }

  /// Refuses a row the model cannot show as it is (or whose `fields` it cannot).
  /// - Throws: `JourneyDatabaseError.unreadableValue`.
  static func checkReadable(
    id: @autoclosure () -> String, values: JourneyValues, fields: Set<JourneyField>? = nil
  ) throws(JourneyDatabaseError) {
    guard let (field, value) = unreadableField(in: values, among: fields) else { return }
    throw JourneyDatabaseError.unreadableValue(id: id(), field: field.name, value: value.described)
  }

  /// A new, unmanaged journey with these stored values.
  static func journey(id: UUID, values: JourneyValues) -> Journey {
    let journey = Journey(id: id)
    values.write(to: journey)
    return journey
  }
}
