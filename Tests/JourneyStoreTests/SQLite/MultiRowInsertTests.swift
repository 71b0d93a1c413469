import CSQLite
import Foundation
import Testing
@testable import JourneyStore

/// `MultiRowInsert`, which the change log's updates (`UpdateLog`) and a sync's registers
/// (`RegisterStore`) write through: a full statement's rows with the statement of many, fewer
/// one by one with the statement of their shape, in the order they came; a parameter a row
/// leaves unbound is `NULL`, and a failure leaves no value bound for the next rows.
@Suite("Rows written several to a statement")
struct MultiRowInsertTests {
  /// A row of the table `t`: `a` always, `b` when given (shape 1), else left out (shape 0).
  private typealias Row = (a: Int64, b: String?)

  private static let many = "INSERT INTO t (a, b) VALUES (?1, ?2), (?3, ?4), (?5, ?6)"
  private static let one = ["INSERT INTO t (a) VALUES (?1)", "INSERT INTO t (a, b) VALUES (?1, ?2)"]

  private static func connection() throws -> (TemporaryFolder, Connection) {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.file("rows.sqlite"), create: true, busyTimeout: .seconds(5))
    try connection.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, a INTEGER NOT NULL, b TEXT DEFAULT 'default')")
    return (folder, connection)
  }

  private static func inserter(_ connection: Connection) -> MultiRowInsert<Row> {
    MultiRowInsert(connection: connection, rowsAStatement: 3, manyRowsSQL: many, shapes: 2) { one[$0] }
  }

  private static func write(_ rows: inout MultiRowInsert<Row>) throws {
    try rows.write(shape: { $0.b == nil ? 0 : 1 }) { statement, row, offset in
      let first = Int32(2 * (offset ?? 0) + 1)
      try statement.bind(.integer(row.a), at: first)
      if let b = row.b { try statement.bind(.text(b), at: first + 1) }
    }
  }

  /// How many times the connection's statement for `sql` ran.
  private static func runs(_ sql: String, on connection: Connection) throws -> Int32 {
    sqlite3_stmt_status(try connection.statement(sql).handle, SQLITE_STMTSTATUS_RUN, 0)
  }

  private static func table(_ connection: Connection) throws -> [String] {
    var rows: [String] = []
    try connection.forEachRow("SELECT a, quote(b) FROM t ORDER BY n") {
      rows.append("\($0.value(at: 0).integer ?? -1) \($0.text(at: 1))")
    }
    return rows
  }

  @Test func fullStatementsTakeTheirRowsAtOnceAndTheRestGoOneByOne() throws {
    let (folder, connection) = try Self.connection()
    _ = folder
    var rows = Self.inserter(connection)
    let values: [Row] = [(1, "x"), (2, nil), (3, "y"), (4, nil), (5, "z"), (6, nil), (7, nil), (8, "w")]
    for (index, row) in values.enumerated() {
      let full = rows.append(row)
      #expect(full == (index % 3 == 2), "row \(index)")
      if full { try Self.write(&rows) }
    }
    #expect(!rows.isEmpty)
    try Self.write(&rows)
    #expect(rows.isEmpty)
    try Self.write(&rows)  // Nothing held: nothing written.
    // In the statement of many, a row without `b` leaves it unbound: NULL, not the default.
    #expect(try Self.table(connection) == [
      "1 'x'", "2 NULL", "3 'y'", "4 NULL", "5 'z'", "6 NULL", "7 'default'", "8 'w'",
    ])
    #expect(try Self.runs(Self.many, on: connection) == 2)
    #expect(try Self.runs(Self.one[0], on: connection) == 1)
    #expect(try Self.runs(Self.one[1], on: connection) == 1)
  }

  @Test func aFailedStatementLeavesNoValueBoundForTheNextRows() throws {
    let (folder, connection) = try Self.connection()
    _ = folder
    try connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON t WHEN NEW.b = 'refused' BEGIN SELECT RAISE(ABORT, 'refused'); END")
    var rows = Self.inserter(connection)
    for row: Row in [(1, "kept?"), (2, "refused"), (3, "kept?")] { _ = rows.append(row) }
    #expect(throws: SQLiteError.self) { try Self.write(&rows) }
    #expect(rows.isEmpty, "the rows of a failed write are not held for another")
    for row: Row in [(4, nil), (5, nil), (6, nil)] { _ = rows.append(row) }
    try Self.write(&rows)
    #expect(try Self.table(connection) == ["4 NULL", "5 NULL", "6 NULL"])
  }
}
