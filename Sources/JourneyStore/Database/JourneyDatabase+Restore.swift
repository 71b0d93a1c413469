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
    try DatabaseFile.inspectBackup(at: path)
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
    try DatabaseFile.restore(path, from: backup, configuration: configuration)
  }
}
