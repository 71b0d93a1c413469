/// What `JourneyDatabase.checkIntegrity()` found: the schema version, the contents, and any damage.
public struct IntegrityReport: Equatable, Sendable {
  /// The file's schema version (`PRAGMA user_version`).
  public let schemaVersion: Int64
  /// The newest schema version this code writes and understands.
  public let currentSchemaVersion: Int64
  /// The problems SQLite's integrity and foreign-key checks found, one sentence each; empty
  /// when the file is sound.
  public let problems: [String]
  /// How many journeys the database holds.
  public let journeyCount: Int
  /// How many batches (commands, imports, edits) the change log records.
  public let batchCount: Int

  /// Whether the checks found nothing wrong.
  public var isSound: Bool { problems.isEmpty }
}
