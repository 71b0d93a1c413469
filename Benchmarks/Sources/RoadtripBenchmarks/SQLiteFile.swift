import CSQLiteBench

/// A connection through the SQLite C API, for the anchors: opened in `init`, closed in `deinit`.
/// The hot loops call `sqlite3_bind_*` and `sqlite3_step` on `PreparedStatement.handle` directly.
final class SQLiteFile {
  let handle: OpaquePointer

  /// Opens (or creates) a database file. The corresponding C function is `sqlite3_open_v2`.
  init(path: String) throws(SQLiteFailure) {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_close_v2(handle)
      throw SQLiteFailure(code: code, message: String(cString: sqlite3_errstr(code)), sql: "open \(path)")
    }
    self.handle = handle
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs SQL that returns no rows. The corresponding C function is `sqlite3_exec`.
  func execute(_ sql: String) throws(SQLiteFailure) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
  }

  /// Compiles one statement. The corresponding C function is `sqlite3_prepare_v2`.
  func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), sql: sql)
    return PreparedStatement(handle: statement!)
  }

  /// Throws SQLite's error unless `code` is `expected`.
  func check(_ code: Int32, _ expected: Int32 = SQLITE_OK, sql: String) throws(SQLiteFailure) {
    guard code == expected else {
      throw SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
  }

  /// The number of rows of a table.
  func count(_ table: String) throws(SQLiteFailure) -> Int {
    let sql = "SELECT count(*) FROM \(table)"
    let statement = try prepare(sql)
    try check(sqlite3_step(statement.handle), SQLITE_ROW, sql: sql)
    return Int(sqlite3_column_int64(statement.handle, 0))
  }

  /// The version of the SQLite library linked in, such as `3.40.1`.
  static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

/// A compiled statement, finalized in `deinit`.
final class PreparedStatement {
  let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }
}

/// A SQLite result code other than the one expected, with SQLite's message and the SQL.
struct SQLiteFailure: Error, CustomStringConvertible {
  let code: Int32
  let message: String
  let sql: String

  var description: String { "SQLite error \(code): \(message) - while executing `\(sql)`" }
}

/// Tells SQLite to copy bound text before the bind call returns (`SQLITE_TRANSIENT`).
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
