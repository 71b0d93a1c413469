extension JourneyDatabase {
  /// Checks the whole file for damage with SQLite's integrity and foreign-key checks, and
  /// reports its schema version (as the file has it: checking upgrades nothing) and contents,
  /// all read from one consistent snapshot.
  /// - Returns: The report; damage is listed in its `problems`, not thrown.
  /// - Throws: `SQLiteError` when the file cannot be read at all.
  public func checkIntegrity() throws -> IntegrityReport {
    try checkOpen()
    return try file.checkIntegrity()
  }

  /// Writes a consistent copy of the database to a new file while other connections keep
  /// reading and writing: the copy is of one committed snapshot (`VACUUM INTO`).
  ///
  /// The new file gets mode 0600 and missing folders mode 0700, as a new database does. The copy
  /// is written to a temporary file beside it and linked into place when it is complete, so that
  /// a backup that fails or is killed never leaves a partial copy under the name asked for.
  /// - Parameter path: Where to write the copy; nothing may exist there yet.
  /// - Throws: `JourneyDatabaseError.cannotCreate` when something exists at `path` or the file
  ///   cannot be created; `SQLiteError` when the copy fails (a full disk, a lock held past the
  ///   busy timeout).
  public func backup(to path: String) throws {
    try checkOpen()
    try file.backup(to: path)
  }
}
