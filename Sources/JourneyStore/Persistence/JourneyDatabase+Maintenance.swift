#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JourneyDatabase {
  /// Checks the whole file for damage with SQLite's integrity and foreign-key checks, and
  /// reports its schema version and contents, all read from one consistent snapshot.
  /// - Returns: The report; damage is listed in its `problems`, not thrown.
  /// - Throws: `SQLiteError` when the file cannot be read at all.
  public func checkIntegrity() throws -> IntegrityReport {
    try connection.transaction(.deferred) {
      var problems: [String] = []
      try connection.forEachRow("PRAGMA integrity_check") { row in
        let message = row.text(at: 0)
        if message != "ok" { problems.append(message) }
      }
      try connection.forEachRow("PRAGMA foreign_key_check") { row in
        problems.append(
          "row \(row.integer(at: 1)) of the \(row.text(at: 0)) table refers to a missing row of \(row.text(at: 2))")
      }
      return IntegrityReport(
        schemaVersion: try connection.pragma("user_version"),
        currentSchemaVersion: Schema.currentVersion,
        problems: problems,
        journeyCount: Int(try connection.firstValue("SELECT count(*) FROM journey")?.integer ?? 0),
        batchCount: Int(try connection.firstValue("SELECT count(*) FROM batch")?.integer ?? 0))
    }
  }

  /// Writes a consistent copy of the database to a new file while other connections keep
  /// reading and writing: the copy is of one committed snapshot (`VACUUM INTO`).
  ///
  /// The new file gets mode 0600 and missing folders mode 0700, as a new database does. When the
  /// copy fails, the new file is removed.
  /// - Parameter path: Where to write the copy; nothing may exist there yet.
  /// - Throws: `JourneyDatabaseError.cannotCreate` when something exists at `path` or the file
  ///   cannot be created; `SQLiteError` when the copy fails (a full disk, a lock held past the
  ///   busy timeout).
  public func backup(to path: String) throws {
    guard access(path, F_OK) != 0 else {
      throw JourneyDatabaseError.cannotCreate(path: path, reason: "a file already exists there; choose a new name")
    }
    try Self.createFileIfMissing(at: path)
    do {
      try connection.run("VACUUM INTO ?", [.text(path)])
    } catch {
      unlink(path)
      throw error
    }
  }
}
