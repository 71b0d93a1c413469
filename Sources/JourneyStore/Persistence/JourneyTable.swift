#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journey table's SQL that the front needs: the rows a query selects, read or left out as
/// unreadable (`JourneyTable+ReadableRows`), counts, a journey's rowid and name, and ids by
/// prefix. `JourneyDatabase` asks it rather than writing SQL on the table itself.
struct JourneyTable {
  let connection: Connection

  /// The query of the ids that start with `?1` (lowercase), in order, at most 11: enough to say
  /// which 10 an ambiguous prefix could mean. Only ids as roadtrip writes them (lowercase): a
  /// prefix of digits alone also starts another program's id in capitals, which
  /// `foreignID(startingWith:)` names.
  static let idsByPrefix =
    "SELECT id FROM journey WHERE id >= ?1 AND id < ?1 || 'g' AND id = lower(id) ORDER BY id "
    + "LIMIT 11"

  /// The number of journeys.
  func count() throws -> Int {
    Int(try connection.firstValue("SELECT count(*) FROM journey")?.integer ?? 0)
  }

  /// Hands `body` every journey's id, as stored, and field values, in the order of the table (by
  /// rowid): a sync's first file, which sends every journey.
  func forEachStoredRow(_ body: (_ id: DatabaseValue, _ values: JourneyValues) throws -> Void) throws {
    try connection.forEachRow("SELECT \(JourneyRow.columns) FROM journey ORDER BY rowid") { row in
      try body(row.value(at: 0), JourneyRow.fieldValues(of: row))
    }
  }

  /// The number of journeys a query's filters select, ignoring its limit and offset.
  func count(_ query: JourneyQuery) throws -> Int {
    let (clauses, values) = query.sqlWhere
    let count = try connection.firstValue("SELECT count(*) FROM journey\(clauses)", values)
    return Int(count?.integer ?? 0)
  }

  /// The rowid of the journey with this id, `nil` when there is none.
  func rowID(of id: UUID) throws -> Int64? {
    try connection.firstValue("SELECT rowid FROM journey WHERE id = ?", [.text(id.lowercasedText)])?
      .integer
  }

  /// The name of the journey with this id, `nil` when there is none.
  func name(of id: UUID) throws -> String? {
    try connection.firstValue("SELECT name FROM journey WHERE id = ?", [.text(id.lowercasedText)])?
      .text
  }

  /// An id another program stored in capitals that starts with `prefix` (lowercase) once
  /// lowercased, `nil` when there is none. Capitals sort before lowercase letters: such an id
  /// lies in a range of its own.
  func foreignID(startingWith prefix: String) throws -> String? {
    try connection.firstValue(
      "SELECT id FROM journey WHERE id >= upper(?1) AND id < upper(?1) || 'G' "
        + "AND id <> lower(id) LIMIT 1",
      [.text(prefix)])?.text
  }
}
