extension JourneyDatabase {
  /// What a restore would replace, as `inspectRestoreTarget(at:busyTimeout:)` found it.
  public enum RestoreTarget: Equatable, Sendable {
    /// No file: the restore creates it.
    case missing
    /// An empty SQLite database (or an empty file) that no program has claimed.
    case empty
    /// A roadtrip database of `journeyCount` journeys, with a change log of `batchCount` batches.
    case journeys(journeyCount: Int, batchCount: Int)
    /// A roadtrip database whose journeys cannot be counted: it is damaged, or of a schema this
    /// version does not know.
    case unreadable
  }

  /// Finds what restoring a backup into the database at `path` would replace, without changing
  /// anything, and refuses what `restore(_:from:configuration:)` refuses to replace.
  /// - Throws: `JourneyDatabaseError.notARoadtripDatabase` for a SQLite database that is not
  ///   roadtrip's, `.untrustedFile` and `.notARegularFile`; `SQLiteError` when it cannot be read
  ///   (`.corrupt` when it is not a SQLite database at all).
  public static func inspectRestoreTarget(at path: String, busyTimeout: Duration) throws -> RestoreTarget {
    try DatabaseFile.inspectRestoreTarget(at: path, busyTimeout: busyTimeout)
  }
}
