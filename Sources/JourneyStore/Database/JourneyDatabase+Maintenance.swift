#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JourneyDatabase {
  /// Checks the whole file for damage with SQLite's integrity and foreign-key checks, and
  /// reports its schema version (as the file has it: checking upgrades nothing) and contents,
  /// all read from one consistent snapshot.
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
      let version = try connection.pragma("user_version")
      problems += try Schema.problems(in: connection, version: version, comparingTriggerBodies: true)
      // An older log has other columns; its batches are checked once it is upgraded.
      if version == Schema.currentVersion { problems += try changeLog.problems() }
      problems += try JourneyRow.problems(in: connection)
      return IntegrityReport(
        schemaVersion: version,
        currentSchemaVersion: Schema.currentVersion,
        problems: problems,
        journeyCount: try journeyTable.count(),
        batchCount: try changeLog.batchCount())
    }
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
    let exists = JourneyDatabaseError.cannotCreate(path: path, reason: "a file already exists there; choose a new name")
    guard access(path, F_OK) != 0 else { throw exists }
    let temporary = path + ".roadtrip-backup-" + UUID.random().lowercasedText.prefix(8)
    try Self.createFileIfMissing(at: temporary)
    defer { unlink(temporary) }
    // By its name only: SQLite would read `file:…` as a URI and write the copy elsewhere.
    try connection.run("VACUUM INTO ?", [.text(Connection.fileName(temporary))])
    // `link` never replaces a file that appeared meanwhile, as `rename` would.
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw exists }
      throw JourneyDatabaseError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
