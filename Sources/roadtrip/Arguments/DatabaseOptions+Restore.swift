import JourneyStore

extension DatabaseOptions {
  /// Replaces the database with the backup at `backup` (`JourneyDatabase.restore`), creating
  /// it when it does not exist.
  /// - Throws: `JourneyDatabaseError`; `CommandError.cannotRestoreOver` when the database file
  ///   is not SQLite at all; `CommandError.openingDatabase`, wrapping SQLite's other errors.
  func restore(from backup: String) throws {
    let path = try resolvedPath()
    let configuration = try self.configuration(createsFile: true)
    do {
      try JourneyDatabase.restore(path, from: backup, configuration: configuration)
    } catch let error as JourneyDatabaseError {
      throw error
    } catch let error as SQLiteError where error.kind == .corrupt {
      throw CommandError.cannotRestoreOver(path: path, reason: error.message)
    } catch {
      throw CommandError.openingDatabase(path: path, isCreating: false, underlying: error)
    }
  }
}
