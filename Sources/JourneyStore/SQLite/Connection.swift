import CSQLite

/// One connection to a SQLite database file, used from one thread at a time.
///
/// It opens with extended result codes, foreign keys on and a busy timeout, caches its prepared
/// statements, and closes when the last reference goes away.
final class Connection {
  let handle: OpaquePointer
  let path: String
  private var statements: [String: Statement] = [:]
  /// What SQLite's WAL hook calls after each commit, if anything (`observeCommits`).
  var commitObserver: CommitObserver?
  /// Whether `close()` closed the handle: nothing may use it since.
  private(set) var isClosed = false

  /// Opens a database file, by its name only: a path is never read as a `file:` URI or as
  /// `:memory:`, whatever it looks like.
  /// - Parameters:
  ///   - path: The file; it must exist unless `create` is `true`.
  ///   - readOnly: Opens without the right to write.
  ///   - create: Creates the file when it does not exist.
  ///   - busyTimeout: How long a statement waits for another connection's lock before it fails
  ///     with `SQLITE_BUSY`.
  ///   - immutable: Opens read-only, without locks or a shared-memory file, as SQLite's
  ///     `immutable=1` does: only for a file that nothing can change, such as one on a
  ///     read-only file system.
  ///   - inMemory: Opens an empty database in memory instead of the file, gone when closed;
  ///     `path` only names it.
  /// - Throws: `SQLiteError`; the handle is closed even when opening fails.
  init(
    path: String, readOnly: Bool = false, create: Bool = false, busyTimeout: Duration, immutable: Bool = false,
    inMemory: Bool = false
  ) throws(SQLiteError) {
    _ = Self.processConfiguration
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    flags |= readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if create && !readOnly && !immutable { flags |= SQLITE_OPEN_CREATE }
    if immutable { flags |= SQLITE_OPEN_URI }
    var handle: OpaquePointer?
    let name = inMemory ? ":memory:" : immutable ? Self.immutableURI(path) : Self.fileName(path)
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = handle.map { SQLiteError(connection: $0) }
        ?? SQLiteError(extendedResultCode: code, message: String(cString: sqlite3_errstr(code)))
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    setBusyTimeout(busyTimeout)
    try execute("PRAGMA foreign_keys = ON")
  }

  /// SQLite's configuration for the whole process, made before the first connection opens: no
  /// memory statistics (nothing here reads them, and each of SQLite's allocations took a global
  /// mutex for them, and a sync allocates many times for each journey it receives). A program that
  /// initialised SQLite before keeps its own configuration.
  private static let processConfiguration: Void = { _ = csqlite_disable_memory_statistics() }()

  /// The name under which SQLite opens the file at `path` and nothing else. SQLite reads a name
  /// that starts with `file:` as a URI (this SQLite is built with `SQLITE_USE_URI`), `:memory:`
  /// as a database in memory and an empty name as a temporary database; a relative path starts
  /// with `./` here, which none of them does and which names the same file.
  static func fileName(_ path: String) -> String {
    path.hasPrefix("/") ? path : "./" + path
  }

  /// A `file:` URI for a path, every byte but letters, digits, `-._~/` percent-encoded, with
  /// `immutable=1`.
  private static func immutableURI(_ path: String) -> String {
    let path = fileName(path)
    var uri = path.hasPrefix("/") ? "file://" : "file:"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        uri.unicodeScalars.append("%")
        uri.unicodeScalars.append(hex[Int(byte >> 4)])
        uri.unicodeScalars.append(hex[Int(byte & 0xF)])
      }
    }
    return uri + "?immutable=1"
  }

  deinit {
    close()
  }

  /// Closes the handle now rather than when the last reference goes away: its file is let go
  /// (a statement still held elsewhere keeps SQLite's memory until it is finalized). From then
  /// on `execute` and `statement` throw a `SQLITE_MISUSE` error rather than touch the handle.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    if commitObserver != nil { sqlite3_wal_hook(handle, nil, nil) }
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The error of a use after `close()`.
  private var closedError: SQLiteError {
    SQLiteError(extendedResultCode: SQLITE_MISUSE, message: "the connection to \(path) is closed")
  }

  /// Runs one or more SQL statements that take no parameters; the corresponding C function is
  /// `sqlite3_exec`.
  func execute(_ sql: String) throws(SQLiteError) {
    guard !isClosed else { throw closedError }
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw SQLiteError(connection: handle, sql: sql)
    }
  }

  /// The prepared statement for some SQL, compiled on first use and kept for the next.
  func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let statement = statements[sql] { return statement }
    guard !isClosed else { throw closedError }
    let statement = try Statement(connection: handle, sql: sql)
    statements[sql] = statement
    return statement
  }

  /// Runs a statement that returns no rows.
  /// - Returns: The number of rows it inserted, updated or deleted.
  @discardableResult
  func run(_ sql: String, _ values: [DatabaseValue] = []) throws(SQLiteError) -> Int {
    let statement = try statement(sql)
    try statement.bind(values)
    try statement.execute()
    return changes
  }

  /// Runs a query and hands each row to `body`, one at a time, as the statement positioned on it.
  func forEachRow(_ sql: String, _ values: [DatabaseValue] = [], _ body: (Statement) throws -> Void) throws {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    while try statement.step() {
      try body(statement)
    }
  }

  /// The first column of the first row of a query, or `nil` when it returns no row.
  func firstValue(_ sql: String, _ values: [DatabaseValue] = []) throws(SQLiteError) -> DatabaseValue? {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    return try statement.step() ? statement.value(at: 0) : nil
  }

  /// The number of rows the last statement inserted, updated or deleted.
  var changes: Int {
    isClosed ? 0 : Int(sqlite3_changes64(handle))
  }

  /// The rowid of the last row this connection inserted.
  var lastInsertedRowID: Int64 {
    isClosed ? 0 : sqlite3_last_insert_rowid(handle)
  }

  /// Whether a transaction is open.
  var isInTransaction: Bool {
    !isClosed && sqlite3_get_autocommit(handle) == 0
  }
}

extension Connection {
  /// Whether the database file this connection has open was deleted or renamed since it was
  /// opened (another file may stand at its path now, even with the same inode number).
  /// The corresponding C call is `sqlite3_file_control` with `SQLITE_FCNTL_HAS_MOVED`.
  var hasMoved: Bool {
    var moved: Int32 = 0
    return !isClosed && sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
  }
}

extension Connection {
  /// How long a statement waits for another connection's lock from now on; the corresponding C
  /// function is `sqlite3_busy_timeout`.
  func setBusyTimeout(_ timeout: Duration) {
    let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    guard !isClosed else { return }
    sqlite3_busy_timeout(handle, Int32(clamping: max(milliseconds, 0)))
  }

  /// Runs `body` with statements waiting at most `timeout` for another connection's lock, then
  /// waits `usual` again.
  func withBusyTimeout<T>(_ timeout: Duration, usual: Duration, _ body: () throws -> T) throws -> T {
    setBusyTimeout(timeout)
    defer { setBusyTimeout(usual) }
    return try body()
  }
}
