import CSQLite

/// A prepared statement; it is finalized when the last reference goes away.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  private let connection: OpaquePointer

  /// Compiles one SQL statement; the corresponding C function is `sqlite3_prepare_v3`.
  init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_finalize(handle)
      throw SQLiteError(connection: connection, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds values to the parameters `?1`, `?2`, … in order: one value for each parameter.
  /// - Throws: `SQLiteError` with `.range` when the number of values is not the number of
  ///   parameters (the largest `?N`), or what SQLite says of a value (`.tooBig`).
  func bind(_ values: [DatabaseValue]) throws(SQLiteError) {
    let parameters = sqlite3_bind_parameter_count(handle)
    guard values.count == parameters else {
      throw SQLiteError(
        extendedResultCode: SQLITE_RANGE, message: "wrong number of values: \(values.count) for \(parameters) parameters", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the parameter at a 1-based index.
  /// - Throws: `SQLiteError`: `.range` for an index the statement has no parameter at, `.tooBig`
  ///   for a value over SQLite's limit.
  func bind(_ value: DatabaseValue, at index: Int32) throws(SQLiteError) {
    let code: Int32 =
      switch value {
      case .null: sqlite3_bind_null(handle, index)
      case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
      case .real(let real): sqlite3_bind_double(handle, index, real)
      case .text(var text):
        text.withUTF8 { bindText($0, at: index) }
      case .invalidText(let bytes):
        bytes.withUnsafeBufferPointer { bindText($0, at: index) }
      case .blob(let bytes):
        bytes.withUnsafeBytes { buffer in
          let start = buffer.baseAddress ?? UnsafeRawPointer(emptyBytes.utf8Start)
          return sqlite3_bind_blob64(handle, index, start, UInt64(buffer.count), transient)
        }
      }
    guard code == SQLITE_OK else { throw SQLiteError(connection: connection, sql: sql) }
  }

  /// Binds UTF-8 bytes as TEXT, copied before it returns (`withLowercasedText` binds an id so,
  /// without making a `String`).
  func bind(text bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
    guard bindText(bytes, at: index) == SQLITE_OK else { throw SQLiteError(connection: connection, sql: sql) }
  }

  /// Binds UTF-8 bytes (or bytes meant to be) as TEXT, as they are.
  /// - Returns: SQLite's result code.
  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
    let start = UnsafeRawPointer(bytes.baseAddress ?? emptyBytes.utf8Start)
    return sqlite3_bind_text64(
      handle, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
  }

  /// Runs the statement one step.
  /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
  /// - Throws: `SQLiteError`; the statement is reset, so it can be run again.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = SQLiteError(connection: connection, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows to its end, then makes it ready to run again.
  /// - Throws: `SQLiteError`.
  func execute() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  /// Binds bytes as a BLOB at a 1-based index where they lie, without a copy: SQLite reads them
  /// as they are until they are unbound, so they must stay valid and unchanged until the
  /// statement is reset (`execute()` and `reset()` unbind them). A sync binds a blob of
  /// registers for every journey it writes.
  /// - Throws: `SQLiteError`.
  func bind(blobInPlace bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
    let start = UnsafeRawPointer(bytes.baseAddress ?? emptyBytes.utf8Start)
    // No destructor (`SQLITE_STATIC`): SQLite uses the bytes as they are until they are unbound.
    guard sqlite3_bind_blob64(handle, index, start, UInt64(bytes.count), nil) == SQLITE_OK else {
      throw SQLiteError(connection: connection, sql: sql)
    }
  }

  /// Makes the statement ready to run again, with no values bound.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// How many columns each row of the statement has.
  var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The value of a column of the current row, by 0-based index.
  func value(at column: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT: withText(at: column, DatabaseValue.init(text:))
    case SQLITE_BLOB:
      .blob(sqlite3_column_blob(handle, column).map {
        Array(UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, column))))
      } ?? [])
    default: .null
    }
  }

  /// The text of a column of the current row; NUL characters inside it are kept.
  func text(at column: Int32) -> String {
    withText(at: column) { String(decoding: $0, as: UTF8.self) }
  }

  /// Hands `body` the UTF-8 bytes of a column of the current row, valid only during the call.
  func withText<Result>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    let start = sqlite3_column_text(handle, column)
    return try body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
  }

  func double(at column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  func integer(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  /// The bytes of a column, whatever its storage class (none for NULL).
  func blob(at column: Int32) -> [UInt8] {
    withBlob(at: column) { Array($0) }
  }

  /// Hands `body` a column's bytes where SQLite holds them, valid until the statement moves on:
  /// no copy (a sync reads a blob of registers for every journey it meets).
  func withBlob<Result, Failure: Error>(
    at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // `sqlite3_column_blob` first, then the count, as SQLite's documentation orders them.
    let start = sqlite3_column_blob(handle, column)?.assumingMemoryBound(to: UInt8.self)
    let count = start == nil ? 0 : Int(sqlite3_column_bytes(handle, column))
    return try body(UnsafeBufferPointer(start: start, count: count))
  }

}

/// Tells SQLite to copy bound text and blobs before the bind call returns (`SQLITE_TRANSIENT`).
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A valid address for empty text and blobs: SQLite binds NULL when given no address at all.
private let emptyBytes: StaticString = ""
