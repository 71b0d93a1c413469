#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JourneyDatabase {
  /// Creates an empty database file with mode 0600, and its missing folders with mode 0700,
  /// unless the file exists. The corresponding C functions are `mkdir` and `open`.
  static func createFileIfMissing(at path: String) throws(JourneyDatabaseError) {
    guard access(path, F_OK) != 0 else { return }
    var folder = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/").dropLast() {
      folder += component + "/"
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw .cannotCreate(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST { return }
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    // Qualified: `close()` is also the database's own.
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
  }

  /// Creates the file when the configuration asks for it, checks that it and the files SQLite
  /// keeps beside it can be trusted (`DatabaseFileTrust`), opens the connection, checks that the
  /// file is a roadtrip database it can read (an empty one gets the schema at once, unless read-only),
  /// and then calls `configuration.didCommit` on every commit. Nothing else is written: an older
  /// schema is upgraded, and the file put in WAL mode, before the first write (`prepareForWriting()`).
  ///
  /// In WAL mode SQLite needs a shared-memory file beside the database (`-shm`) even to read.
  /// When it cannot make one, because the disk is full, the file system is read-only or the
  /// folder cannot be written, the file is opened in a mode that needs none, so that journeys
  /// can still be read (and, on a full disk, a write fails as a full disk): with exclusive
  /// locking (a heap-memory WAL index; other processes wait, as for any writer) on a full disk,
  /// and immutable where no file can be made beside it, so that no other process can write it
  /// in WAL mode either.
  ///
  /// Every connection has the SQL function of name searches (`NameSearch.sqlFunction`) and the
  /// key of names' order (`NameOrder.sqlFunction`), and runs no trigger: the journey table's
  /// triggers log the writes of other programs, and are silent for roadtrip's, which writes its
  /// own log rows in a batch of state `openSelfLogged` (every write to the table goes through
  /// `Batch`). Left out of roadtrip's statements, they cost nothing per row: before, their two
  /// frames and their `WHEN` ran for every row an import inserted.
  static func connect(path: String, configuration: Configuration) throws -> Connection {
    let connection = try openAndPrepare(path: path, configuration: configuration)
    try connection.setTriggersEnabled(false)
    try NameSearch.define(on: connection)
    try NameOrder.define(on: connection)
    if let didCommit = configuration.didCommit { connection.observeCommits(didCommit) }
    return connection
  }

  private static func openAndPrepare(path: String, configuration: Configuration) throws -> Connection {
    if configuration.isInMemory {
      let connection = try Connection(path: path, busyTimeout: configuration.busyTimeout, inMemory: true)
      try connection.upgradeSchema()
      return connection
    }
    try DatabaseFileTrust.check(path)
    if configuration.createsFile && !configuration.isReadOnly {
      try createFileIfMissing(at: path)
    }
    do {
      let connection = try Connection(
        path: path, readOnly: configuration.isReadOnly, busyTimeout: configuration.busyTimeout)
      try checkOnOpening(connection, readOnly: configuration.isReadOnly)
      return connection
    } catch let error as SQLiteError where error.kind == .full || !canCreateFiles(beside: path) {
      if !canCreateFiles(beside: path) {
        // Immutable ignores a WAL: only when there is none to read.
        guard !hasWAL(path) else { throw error }
        let connection = try Connection(path: path, busyTimeout: configuration.busyTimeout, immutable: true)
        try checkOnOpening(connection, readOnly: true)
        return connection
      }
      let connection = try Connection(
        path: path, readOnly: configuration.isReadOnly, busyTimeout: configuration.busyTimeout)
      try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
      try checkOnOpening(connection, readOnly: configuration.isReadOnly)
      return connection
    }
  }

  /// Checks that the file just opened is a roadtrip database this code can read; an empty one
  /// gets the schema at once, as a new file does.
  /// - Throws: What `Connection.checkSchema()` throws; `JourneyDatabaseError.needsMigration` for
  ///   an empty file opened read-only, which has no journey table to read.
  private static func checkOnOpening(_ connection: Connection, readOnly: Bool) throws {
    guard try connection.checkSchema() == 0 else { return }
    guard !readOnly else { throw JourneyDatabaseError.needsMigration(path: connection.path, version: 0) }
    try connection.upgradeSchema()
  }

  /// Whether the database has a WAL file with frames in it.
  private static func hasWAL(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  /// Whether this process can make files beside `path` (SQLite's `-wal` and `-shm`): its
  /// folder is writable and not on a file system mounted read-only. The corresponding C
  /// functions are `access` and `statvfs`.
  private static func canCreateFiles(beside path: String) -> Bool {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    var info = statvfs()
    if statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0 { return false }
    return access(folder, W_OK) == 0
  }
}
