extension JourneyDatabase {
  /// What a backup file holds, as `inspectBackup(at:)` found it.
  public struct BackupContents: Equatable, Sendable {
    /// How many journeys it holds.
    public let journeyCount: Int
    /// Its schema version; an older one is upgraded once it is restored.
    public let schemaVersion: Int64
  }

  /// Checks that a file is a sound roadtrip database this code can use, such as one
  /// `backup(to:)` wrote, without changing it.
  /// - Throws: `JourneyDatabaseError.notARoadtripDatabase`, `.newerSchema`,
  ///   `.invalidSchemaVersion` or `.unusableBackup` (damage found); `SQLiteError` when it is not
  ///   a SQLite database or cannot be read.
  public static func inspectBackup(at path: String) throws -> BackupContents {
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
      return BackupContents(journeyCount: count, schemaVersion: version)
    }
  }

  /// Replaces the database at `path`, journeys, change log and all, with the backup at
  /// `backup`, safely while other processes use it: the backup is checked first
  /// (`inspectBackup(at:)`), then copied page by page into the live database in one write
  /// transaction through SQLite (so its WAL and shared-memory files stay consistent, a writer
  /// elsewhere is waited for, and readers see the restored database at their next read), and
  /// the schema is brought up to date. A database that does not exist is created; a damaged one
  /// is overwritten, as long as SQLite can still read its header. A SQLite database that is not
  /// roadtrip's is refused, as every command refuses it: checked before anything is written,
  /// and again inside the copy's write transaction (in WAL mode, which every roadtrip database
  /// is in), so that no other process can change it in between.
  /// - Returns: What the backup held.
  /// - Throws: What `inspectBackup(at:)` throws; `JourneyDatabaseError.notARoadtripDatabase`, or
  ///   another `JourneyDatabaseError` when the database file cannot be created or is not to be
  ///   trusted; `SQLiteError` (busy past the timeout, a full disk, a database file that is not
  ///   SQLite at all): nothing is changed then.
  @discardableResult
  public static func restore(_ path: String, from backup: String, configuration: Configuration) throws -> BackupContents {
    let contents = try inspectBackup(at: backup)
    let source = try Connection(path: backup, readOnly: true, busyTimeout: configuration.busyTimeout)
    try DatabaseFileTrust.check(path)
    try createFileIfMissing(at: path)
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
    try JourneyDatabase(path: path, configuration: configuration).upgradeSchema()
    return contents
  }
}
