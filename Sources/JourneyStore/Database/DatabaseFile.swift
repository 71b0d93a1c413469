#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The database file as a whole rather than its journeys: checked for damage, copied to a
/// backup, compacted, replaced by a backup, and whether it is still the file at its path.
///
/// The front holds one for its file (`JourneyDatabase.file`) and hands it `db check`, `db backup`
/// and `db vacuum`; restoring and inspecting a backup or a restore's target work on paths, with
/// connections of their own, before any database is open.
struct DatabaseFile {
  let path: String
  let connection: Connection

  /// Whether the file was deleted or renamed since it was opened.
  var isReplaced: Bool { connection.hasMoved }

  /// SQLite's integrity and foreign-key checks, the schema's and the log's own checks, and the
  /// file's contents, all in one snapshot (`JourneyDatabase.checkIntegrity()`).
  func checkIntegrity() throws -> IntegrityReport {
    try connection.transaction(.deferred) {
      var problems: [String] = []
      try connection.forEachRow("PRAGMA integrity_check") { row in
        let message = row.text(at: 0)
        if message != "ok" { problems.append(message) }
      }
      try connection.forEachRow("PRAGMA foreign_key_check") { row in
        problems.append(
          "row \(row.integer(at: 1)) of the \(row.text(at: 0)) table refers to a missing row of \(row.text(at: 2))")
      }
      let version = try connection.pragma("user_version")
      let schemaProblems = try Schema.problems(
        in: connection, version: version, comparingTriggerBodies: true)
      problems += schemaProblems
      var tables: Set<String> = []
      try connection.forEachRow("SELECT name FROM sqlite_schema WHERE type = 'table'") {
        tables.insert($0.text(at: 0))
      }
      let changeLog = ChangeLog(connection: connection)
      // An older log has other columns; its batches are checked once it is upgraded. A table
      // another program dropped is named above as missing: the checks that would read it are
      // not run, so that the report says what is wrong rather than failing on it.
      if version == Schema.currentVersion && schemaProblems.isEmpty {
        problems += try changeLog.problems(sentBatch: SyncRecords(connection: connection).sentBatch())
        problems += try RegisterStore(connection: connection).problems()
      }
      let hasJourneys = tables.contains("journey")
      if hasJourneys { problems += try JourneyRow.problems(in: connection) }
      return IntegrityReport(
        schemaVersion: version,
        currentSchemaVersion: Schema.currentVersion,
        problems: problems,
        journeyCount: hasJourneys ? try JourneyTable(connection: connection).count() : 0,
        batchCount: tables.contains("batch") ? try changeLog.batchCount() : 0)
    }
  }

  /// Writes a copy of one committed snapshot to a new file at `destination`, through a
  /// temporary file linked into place once complete (`JourneyDatabase.backup(to:)`).
  func backup(to destination: String) throws {
    let exists = JourneyDatabaseError.cannotCreate(
      path: destination, reason: "a file already exists there; choose a new name")
    guard access(destination, F_OK) != 0 else { throw exists }
    let temporary = destination + ".roadtrip-backup-" + UUID.random().lowercasedText.prefix(8)
    try JourneyDatabase.createFileIfMissing(at: temporary)
    defer { unlink(temporary) }
    // By its name only: SQLite would read `file:…` as a URI and write the copy elsewhere.
    try connection.run("VACUUM INTO ?", [.text(Connection.fileName(temporary))])
    // `link` never replaces a file that appeared meanwhile, as `rename` would.
    guard link(temporary, destination) == 0 else {
      if errno == EEXIST { throw exists }
      throw JourneyDatabaseError.cannotCreate(
        path: destination, reason: String(cString: strerror(errno)))
    }
  }

  /// Rebuilds the file without its free pages, then truncates the write-ahead log
  /// (`JourneyDatabase.vacuum()`, which checks the schema first).
  /// - Returns: The size of the file and its log before and after, in bytes.
  func vacuum() throws -> (before: Int64, after: Int64) {
    let before = Self.size(at: path)
    try connection.execute("VACUUM")
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (before, Self.size(at: path))
  }

  /// The size of a file and its write-ahead log, in bytes.
  static func size(at path: String) -> Int64 {
    var status = stat()
    var total: Int64 = 0
    for file in [path, path + "-wal"] where stat(file, &status) == 0 {
      total += Int64(status.st_size)
    }
    return total
  }
}

extension DatabaseFile {
  /// Checks that the file at `path` is a sound roadtrip database this code can use, without
  /// changing it (`JourneyDatabase.inspectBackup(at:)`).
  static func inspectBackup(at path: String) throws -> JourneyDatabase.BackupContents {
    let connection = try Connection(path: path, readOnly: true, busyTimeout: .seconds(5))
    return try connection.transaction(.deferred) {
      let version = try connection.pragma("user_version")
      guard try connection.pragma("application_id") == Schema.applicationID, version != 0 else {
        throw JourneyDatabaseError.notARoadtripDatabase(path: path)
      }
      guard version > 0 else { throw JourneyDatabaseError.invalidSchemaVersion(path: path, version: version) }
      guard version <= Schema.currentVersion else {
        throw JourneyDatabaseError.newerSchema(path: path, version: version, supported: Schema.currentVersion)
      }
      var problems: [String] = []
      try connection.forEachRow("PRAGMA quick_check") { row in
        let message = row.text(at: 0)
        if message != "ok" { problems.append(message) }
      }
      if let problem = problems.first {
        throw JourneyDatabaseError.unusableBackup(path: path, reason: "it is damaged (\(problem))")
      }
      let count = try JourneyTable(connection: connection).count()
      return JourneyDatabase.BackupContents(journeyCount: count, schemaVersion: version)
    }
  }

  /// Copies the backup at `backup` over the database at `path`, page by page in one write
  /// transaction, and upgrades its schema (`JourneyDatabase.restore(_:from:configuration:)`).
  static func restore(
    _ path: String, from backup: String, configuration: JourneyDatabase.Configuration
  ) throws -> JourneyDatabase.BackupContents {
    let contents = try inspectBackup(at: backup)
    let source = try Connection(path: backup, readOnly: true, busyTimeout: configuration.busyTimeout)
    try DatabaseFileTrust.check(path)
    try JourneyDatabase.createFileIfMissing(at: path)
    let destination = try Connection(path: path, busyTimeout: configuration.busyTimeout)
    // Before the first write, which switching to WAL is.
    try destination.checkIsRoadtripDatabase()
    if let didCommit = configuration.didCommit { destination.observeCommits(didCommit) }
    if case .text(let mode) = try? destination.firstValue("PRAGMA journal_mode"), mode.lowercased() != "wal" {
      try? destination.execute("PRAGMA journal_mode = WAL")
    }
    // A reader of the last commit while the copy holds the write lock: only in WAL mode, where
    // that lock leaves reading free.
    let isWAL = (try? destination.firstValue("PRAGMA journal_mode"))?.text?.lowercased() == "wal"
    let checker = isWAL ? try Connection(path: path, readOnly: true, busyTimeout: configuration.busyTimeout) : nil
    try destination.copyPages(from: source) { try checker?.checkIsRoadtripDatabase() }
    // An older schema is upgraded now, as a write would: the restored database is in use.
    let restored = try JourneyDatabase(path: path, configuration: configuration)
    try restored.upgradeSchema()
    // Undo stops at the restore: the backup's batches are older than what it replaced.
    try restored.connection.transaction(.immediate) {
      try ChangeLog(connection: restored.connection).cutAtRestore(on: Date())
    }
    return contents
  }

  /// What restoring a backup into the database at `path` would replace, read without changing
  /// anything (`JourneyDatabase.inspectRestoreTarget(at:busyTimeout:)`).
  static func inspectRestoreTarget(
    at path: String, busyTimeout: Duration
  ) throws -> JourneyDatabase.RestoreTarget {
    guard access(path, F_OK) == 0 || (errno != ENOENT && errno != ENOTDIR) else { return .missing }
    try DatabaseFileTrust.check(path)
    let connection = try Connection(path: path, readOnly: true, busyTimeout: busyTimeout)
    try connection.checkIsRoadtripDatabase()
    guard try connection.pragma("application_id") == Schema.applicationID else { return .empty }
    // In one snapshot; a damaged file fails even its commit.
    let counts = try? connection.transaction(.deferred) {
      (try JourneyTable(connection: connection).count(), try ChangeLog(connection: connection).batchCount())
    }
    guard case let (journeys, batches)? = counts else { return .unreadable }
    return .journeys(journeyCount: journeys, batchCount: batches)
  }
}
