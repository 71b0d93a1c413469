extension Connection {
  /// Checks that the file is a roadtrip database this code can read, without writing to it: an
  /// older schema is read as it is, and upgraded by `upgradeSchema()` before the first write.
  /// - Returns: The file's schema version; 0 for an empty database.
  /// - Throws: `JourneyDatabaseError.newerSchema`, `.notARoadtripDatabase` or
  ///   `.invalidSchemaVersion`; `SQLiteError` when the file is not a SQLite database (`.corrupt`)
  ///   or cannot be read.
  @discardableResult
  func checkSchema() throws -> Int64 {
    let version = try pragma("user_version")
    try checkSchema(version: version)
    return version
  }

  /// Brings the schema up to date, in WAL mode: what a file that `checkSchema()` accepted needs
  /// before roadtrip writes to it. Must run outside a transaction (SQLite changes the journal mode
  /// only there). The file is checked again inside the upgrade's transaction, and one that is
  /// refused is not migrated; commits are not reported to `observeCommits`'s observer (the upgrade
  /// is no change of journeys).
  /// - Returns: The version the file had when this call upgraded it; `nil` when it was current
  ///   (or another process upgraded it meanwhile).
  /// - Throws: What `checkSchema()` throws; `JourneyDatabaseError.damagedSchema` for a file whose
  ///   objects do not match its version, or whose foreign keys are broken after the migrations
  ///   (nothing is migrated then); `SQLiteError` when it cannot be written.
  @discardableResult
  func upgradeSchema() throws -> Int64? {
    try enableWAL()
    guard try pragma("user_version") < Schema.currentVersion else { return nil }
    return try withCommitsUnobserved {
      try transaction(.immediate) { () throws -> Int64? in
        let version = try pragma("user_version")
        try checkSchema(version: version)
        guard version < Schema.currentVersion else { return nil }
        // A file whose user_version was reset must not be migrated again over its own tables.
        let problems = try Schema.problems(in: self, version: version)
        guard problems.isEmpty else { throw JourneyDatabaseError.damagedSchema(path: path, problems: problems) }
        for migration in Schema.migrations.dropFirst(Int(version)) {
          try execute(migration)
        }
        for table in Schema.leftovers.keys.sorted() where try isEmptyLeftover(table) {
          try execute("DROP TABLE \(table)")
        }
        // A migration that rebuilds a table (version 5) must break no foreign key (SQLite's advice).
        if let table = try firstValue("PRAGMA foreign_key_check")?.text {
          throw JourneyDatabaseError.damagedSchema(
            path: path, problems: ["a row of '\(table)' refers to a row that does not exist"])
        }
        try execute("PRAGMA user_version = \(Schema.currentVersion)")
        try execute("PRAGMA application_id = \(Schema.applicationID)")
        return version == 0 ? nil : version
      }
    }
  }

  /// Whether `table`, one of `Schema.leftovers`, is in the file and holds no row.
  func isEmptyLeftover(_ table: String) throws -> Bool {
    guard try firstValue("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table)]) != nil else {
      return false
    }
    return try firstValue("SELECT 1 FROM \(table) LIMIT 1") == nil
  }

  private func checkSchema(version: Int64) throws {
    if version < 0 {
      throw JourneyDatabaseError.invalidSchemaVersion(path: path, version: version)
    }
    if version > Schema.currentVersion {
      throw JourneyDatabaseError.newerSchema(path: path, version: version, supported: Schema.currentVersion)
    }
    try checkIsRoadtripDatabase(version: version)
  }

  /// Checks that the file is roadtrip's (its application id says so, whatever state it is in),
  /// or an empty SQLite database that no program has claimed (no table, application id and
  /// schema version 0): a file roadtrip may write. Reads only, and of a damaged roadtrip
  /// database no more than its header.
  /// - Parameter version: The schema version (`user_version`), when it was read already.
  /// - Throws: `JourneyDatabaseError.notARoadtripDatabase`; `SQLiteError` when the file cannot
  ///   be read (`.corrupt` when it is not a SQLite database).
  func checkIsRoadtripDatabase(version: Int64? = nil) throws {
    let applicationID = try pragma("application_id")
    guard applicationID != Schema.applicationID else { return }
    let isEmpty = try firstValue("SELECT 1 FROM sqlite_schema LIMIT 1") == nil
    guard applicationID == 0, try version ?? pragma("user_version") == 0, isEmpty else {
      throw JourneyDatabaseError.notARoadtripDatabase(path: path)
    }
  }

  private func enableWAL() throws(SQLiteError) {
    if case .text(let mode) = try firstValue("PRAGMA journal_mode"), mode.lowercased() != "wal" {
      try execute("PRAGMA journal_mode = WAL")
    }
  }
}
