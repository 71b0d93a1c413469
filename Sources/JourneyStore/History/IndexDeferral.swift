/// Drops the secondary indexes of the journey table and the change log while a large insert
/// runs, and builds them again at its end, in the same transaction: building an index from
/// sorted rows is several times faster than updating it row by row.
///
/// The indexes are dropped only once the insert has outgrown what the tables already held, so a
/// small import into a large database does not pay for rebuilding large indexes.
struct IndexDeferral {
  private let connection: Connection
  private let tables: [String]
  private let existingRows: Int64
  /// The `CREATE INDEX` statements of the dropped indexes.
  private var dropped: [String] = []

  /// How many inserted rows to wait for before dropping the indexes of tables that hold rows.
  static let threshold = 16_384

  /// - Parameter includesChangeLog: Whether the operation writes the change log too (an import,
  ///   an undo that records what it deletes), or only the journey table (a derived undo or redo).
  init(connection: Connection, includesChangeLog: Bool = true) throws {
    self.connection = connection
    tables = includesChangeLog ? ["journey", "change"] : ["journey"]
    // The journey table's rows are counted (deletes and undos churn its rowids); the change
    // log only grows, so its last rowid measures it without a scan.
    let journeys = try connection.firstValue("SELECT count(*) FROM journey")?.integer ?? 0
    let changes = includesChangeLog ? try connection.firstValue("SELECT max(rowid) FROM change")?.integer ?? 0 : 0
    existingRows = max(journeys, changes)
  }

  /// Drops the indexes when `inserted` rows make the insert large, the first time it does: at
  /// once into empty tables, else once it has outgrown them and passed `threshold` rows.
  mutating func noteInserted(_ inserted: Int) throws {
    guard dropped.isEmpty, Int64(inserted) >= existingRows, inserted >= Self.threshold || existingRows == 0 else {
      return
    }
    var indexes: [(name: String, sql: String)] = []
    try connection.forEachRow(
      "SELECT name, sql, tbl_name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL"
    ) { row in
      guard tables.contains(row.text(at: 2)) else { return }
      indexes.append((row.text(at: 0), row.text(at: 1)))
    }
    for index in indexes {
      try connection.execute("DROP INDEX \"\(index.name)\"")
    }
    dropped = indexes.map(\.sql)
  }

  /// Builds the dropped indexes again.
  mutating func rebuild() throws {
    for sql in dropped {
      try connection.execute(sql)
    }
    dropped = []
  }
}
