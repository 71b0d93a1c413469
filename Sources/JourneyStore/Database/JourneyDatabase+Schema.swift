extension JourneyDatabase {
  /// The schema version of the file as it is now (`PRAGMA user_version`): older than
  /// `currentSchemaVersion` until the first write, or `upgradeSchema()`, upgrades it.
  public var schemaVersion: Int64 {
    get throws {
      try checkOpen()
      return try connection.pragma("user_version")
    }
  }

  /// The schema version this code writes, to which the first write upgrades an older file.
  public static var currentSchemaVersion: Int64 { Schema.currentVersion }

  /// Brings the file's schema up to the version this code writes, in one transaction, and puts
  /// the file in WAL mode, as the first write does; nothing happens to a file that is current.
  /// `Configuration.didUpgradeSchema` is told.
  /// - Returns: The version the file had when this call upgraded it; `nil` when it was current.
  /// - Throws: `JourneyDatabaseError.damagedSchema` for a file whose tables do not match its
  ///   version; `SQLiteError` when the file cannot be written (read-only, busy past the timeout,
  ///   a full disk): the file is unchanged then.
  @discardableResult
  public func upgradeSchema() throws -> Int64? {
    try checkOpen()
    let upgraded = try Self.upgradeSchema(of: connection, configuration: configuration)
    isPreparedForWriting = true
    // An older file had no log to follow: journeys read before are read again, and the log is
    // followed from here on.
    if upgraded != nil && !follower.isFollowing {
      if !identityMap.isEmpty { try follower.reloadManagedJourneys() }
      try markChangeLogPosition()
    }
    return upgraded
  }

  /// Whether the first write would change the file before it writes journeys: it has an older
  /// schema, or is not in WAL mode (a backup), and was not prepared for writing yet. Never for a
  /// database in memory, which is prepared as it is made.
  func wouldUpgradeForWriting() throws -> Bool {
    guard !isPreparedForWriting, !configuration.isInMemory else { return false }
    let mode = try connection.firstValue("PRAGMA journal_mode")?.text?.lowercased()
    return try schemaVersion < Schema.currentVersion || mode != "wal"
  }

  /// Upgrades the schema through `connection`, once before the first write of this database.
  func prepareForWriting() throws {
    guard !isPreparedForWriting else { return }
    try upgradeSchema()
  }

  /// Upgrades the schema of the file that `connection` is open on and tells the configuration's
  /// `didUpgradeSchema` when it did.
  /// - Returns: The version the file had when it was upgraded.
  @discardableResult
  static func upgradeSchema(of connection: Connection, configuration: Configuration) throws -> Int64? {
    guard let old = try connection.upgradeSchema() else { return nil }
    configuration.didUpgradeSchema?(old, Schema.currentVersion)
    return old
  }

  /// Whether the file has the current schema, so that its change log can be read.
  func hasCurrentSchema() throws -> Bool {
    try isSchemaVerified || schemaVersion == Schema.currentVersion
  }

  /// Refuses to write to (or follow the log of) a file whose schema another program damaged (a
  /// trigger of the change log dropped, a table missing): a write would go unrecorded, or fail
  /// half-way; or to read the log of a file of an older schema, which is not upgraded by a read.
  /// Checked once per database, before its first write or its first read of the log;
  /// plain reads of journeys go on working, so that they can be exported.
  /// - Throws: `JourneyDatabaseError.damagedSchema`, `.needsMigration`.
  func verifySchema() throws {
    guard !isSchemaVerified else { return }
    let version = try schemaVersion
    guard version == Schema.currentVersion else { throw JourneyDatabaseError.needsMigration(path: path, version: version) }
    try Self.verifySchema(of: connection, path: path)
    isSchemaVerified = true
  }

  /// Checks the schema through `connection`, a connection to the file at `path`.
  /// - Throws: `JourneyDatabaseError.damagedSchema`.
  static func verifySchema(of connection: Connection, path: String) throws {
    let problems = try Schema.problems(in: connection, version: try connection.pragma("user_version"))
    guard problems.isEmpty else { throw JourneyDatabaseError.damagedSchema(path: path, problems: problems) }
  }
}
