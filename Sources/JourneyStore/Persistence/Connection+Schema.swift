extension Connection {
  /// Checks that the file is a roadtrip database this code understands and brings its schema up
  /// to date, in WAL mode. A file that is refused is not written to.
  /// - Parameter readOnly: Refuses a database that needs migrating instead of migrating it.
  /// - Throws: `JourneyDatabaseError.newerSchema`, `.notARoadtripDatabase` or `.needsMigration`;
  ///   `SQLiteError` when the file is not a SQLite database (`.corrupt`) or cannot be written.
  func prepareSchema(readOnly: Bool) throws {
    let version = try pragma("user_version")
    try checkSchema(version: version)
    guard version < Schema.currentVersion else {
      if !readOnly { try enableWAL() }
      return
    }
    guard !readOnly else {
      throw JourneyDatabaseError.needsMigration(path: path, version: version)
    }
    try enableWAL()
    try transaction(.immediate) {
      let version = try pragma("user_version")
      try checkSchema(version: version)
      // A file whose user_version was reset must not be migrated again over its own tables.
      let problems = try Schema.problems(in: self, version: version)
      guard problems.isEmpty else { throw JourneyDatabaseError.damagedSchema(path: path, problems: problems) }
      for migration in Schema.migrations.dropFirst(Int(version)) {
        try execute(migration)
      }
      try execute("PRAGMA user_version = \(Schema.currentVersion)")
      try execute("PRAGMA application_id = \(Schema.applicationID)")
    }
  }

  /// The value of an integer pragma such as `user_version` or `data_version`.
  func pragma(_ name: String) throws(SQLiteError) -> Int64 {
    try firstValue("PRAGMA \(name)")?.integer ?? 0
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
