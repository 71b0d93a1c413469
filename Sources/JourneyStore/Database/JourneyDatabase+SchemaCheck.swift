extension JourneyDatabase {
  /// Refuses to write to (or follow the log of) a file whose schema another program damaged (a
  /// trigger of the change log dropped, a table missing): a write would go unrecorded, or fail
  /// half-way. Checked once per database, before its first write or its first read of the log;
  /// plain reads of journeys go on working, so that they can be exported.
  /// - Throws: `JourneyDatabaseError.damagedSchema`.
  func verifySchema() throws {
    guard !isSchemaVerified else { return }
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
