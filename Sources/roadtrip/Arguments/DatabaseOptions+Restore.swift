import JourneyStore

extension DatabaseOptions {
  /// What restoring a backup would replace (`JourneyDatabase.inspectRestoreTarget`), for the
  /// question asked first; nothing is changed.
  /// - Throws: As `restore(from:)`: a SQLite database that is not roadtrip's is refused.
  func inspectRestoreTarget() throws -> JourneyDatabase.RestoreTarget {
    let path = try resolvedPath()
    let busyTimeout = try busyTimeout()
    return try restoring(path) { try JourneyDatabase.inspectRestoreTarget(at: path, busyTimeout: busyTimeout) }
  }

  /// Replaces the database with the backup at `backup` (`JourneyDatabase.restore`), creating
  /// it when it does not exist.
  /// - Throws: `JourneyDatabaseError`; `CommandError.cannotRestoreOver` when the database file
  ///   is not SQLite at all; `CommandError.openingDatabase`, wrapping SQLite's other errors.
  func restore(from backup: String) throws {
    let path = try resolvedPath()
    let configuration = try self.configuration(createsFile: true)
    if try !databaseFileExists() { CreatedDatabase.willCreate(path) }
    _ = try restoring(path) { try JourneyDatabase.restore(path, from: backup, configuration: configuration) }
  }

  /// Runs `body`, which reads or restores the database at `path`, with SQLite's errors said as
  /// a restore says them.
  private func restoring<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as JourneyDatabaseError {
      throw error
    } catch let error as SQLiteError where error.kind == .corrupt {
      throw CommandError.cannotRestoreOver(path: path, reason: error.message)
    } catch {
      throw CommandError.openingDatabase(path: path, isCreating: false, underlying: error)
    }
  }
}
