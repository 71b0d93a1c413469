/// Finds the journey table's rows by their field values, for an import that skips an id-less
/// journey identical to one already there (`DuplicatePolicy.skip`).
///
/// It holds a hash of each row's values with its rowid (16 bytes or so a row), read from the
/// table at the first question and kept up to date with `note(_:rowID:)`; a hash that matches is
/// confirmed by reading that row, so two journeys that merely share a hash are never taken for
/// one. It needs no index: an import may have dropped them (`IndexDeferral`).
struct DuplicateJourneys {
  private let connection: Connection
  /// The rowid of a row by the hash of its field values; `nil` until the table has been read.
  private var rowIDs: [Int: Int64]?
  /// Reads one row's field values by rowid, prepared once.
  private var selectByRowID: Statement?

  init(connection: Connection) {
    self.connection = connection
  }

  /// Whether the table holds a journey with exactly these field values.
  mutating func contains(_ values: JourneyValues) throws -> Bool {
    let rowIDs = try loadedRowIDs()
    guard let rowID = rowIDs[values.hashValue] else { return false }
    let statement = try selectByRowID ?? connection.statement(
      "SELECT rowid, \(JourneyRow.fieldColumns) FROM journey WHERE rowid = ?")
    selectByRowID = statement
    defer { statement.reset() }
    try statement.bind(.integer(rowID), at: 1)
    return try statement.step() && JourneyRow.fieldValues(of: statement) == values
  }

  /// Notes a row just inserted, once the table has been read (else it is read with the others).
  mutating func note(_ values: JourneyValues, rowID: Int64) {
    guard rowIDs != nil else { return }
    rowIDs?[values.hashValue] = rowID
  }

  private mutating func loadedRowIDs() throws -> [Int: Int64] {
    if let rowIDs { return rowIDs }
    var loaded: [Int: Int64] = [:]
    try connection.forEachRow("SELECT rowid, \(JourneyRow.fieldColumns) FROM journey") { row in
      loaded[JourneyRow.fieldValues(of: row).hashValue] = row.value(at: 0).integer
    }
    rowIDs = loaded
    return loaded
  }
}
