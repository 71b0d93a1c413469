import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// `roadtrip db restore`: a backup goes back in through SQLite, with the other processes in
/// mind, over a stale WAL, a lock held elsewhere or a damaged file; what is not a backup is
/// refused and changes nothing.
@Suite("Reliability: restoring a backup")
struct RestoreTests {
  /// A database with the samples, a backup of it, and a change made after the backup.
  static func sandboxWithBackup() async throws -> (CLISandbox, backup: String, records: [String: JourneyRecord]) {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let backup = sandbox.folder.file("backup.sqlite")
    let result = try await sandbox.run("db", "backup", backup)
    guard result.exitCode == 0 else { throw SetupFailure("db backup: \(result)") }
    let records = try sandbox.records()
    guard try await sandbox.run("set", "aaaa1", "name=After the backup").exitCode == 0 else { throw SetupFailure("set") }
    return (sandbox, backup, records)
  }

  @Test func aBackupGoesBackOverAStaleWAL() async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    // A writer killed after its commit leaves its change only in the WAL.
    let script = """
      import os, signal, sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("PRAGMA wal_autocheckpoint = 0")
      connection.execute("UPDATE journey SET name = 'Only in the WAL'")
      os.kill(os.getpid(), signal.SIGKILL)
      """
    _ = try await Child.run("/usr/bin/env", ["python3", "-c", script, sandbox.databasePath], environment: sandbox.environment, in: sandbox.folder)
    #expect(sandbox.size(of: sandbox.databasePath + "-wal") > 0)
    let backupBytes = sandbox.bytes(of: backup)
    let result = try await sandbox.run("db", "restore", backup, "--yes")
    result.expectSuccess()
    #expect(result.standardError == "Restored 3 journeys from \(backup) into \(sandbox.databasePath).\n")
    #expect(try sandbox.records() == records)
    let check = try await sandbox.run("db", "check")
    #expect(check.exitCode == 0 && check.standardOutput.contains("integrity: ok"), "\(check)")
    #expect(sandbox.bytes(of: backup) == backupBytes, "the backup was changed")
    // The log is the backup's: undo takes back the backup's last command.
    #expect(try sandbox.batchCount() == 1)
    try await sandbox.run("set", "bbbb", "name=Written after").expectSuccess()
  }

  @Test func aRestoreWaitsForAWriterAndReadersSeeIt() async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    let holder = try await LockHolder(.python, on: sandbox.databasePath, in: sandbox.folder)
    let quick = try await sandbox.run(["db", "restore", backup, "--yes"], environment: ["ROADTRIP_BUSY_TIMEOUT": "300"])
    quick.expectExit(75)
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "After the backup")
    let restoring = try sandbox.start(["db", "restore", backup, "--yes"], environment: ["ROADTRIP_BUSY_TIMEOUT": "20000"])
    try await Task.sleep(for: .milliseconds(500))
    #expect(restoring.isRunning, "the restore did not wait for the lock")
    _ = try await holder.release()
    let result = try await restoring.finish(within: .seconds(30))
    result.expectSuccess()
    #expect(try sandbox.records() == records)
  }

  @Test func aDamagedDatabaseIsReplaced() async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    try await sandbox.run("list").expectSuccess()
    // Noise over every page but the first, as in DamagedFileTests.
    let size = sandbox.size(of: sandbox.databasePath)
    let handle = try #require(FileHandle(forUpdatingAtPath: sandbox.databasePath))
    try handle.seek(toOffset: 4096)
    var generator = SeededGenerator(seed: 17)
    try handle.write(contentsOf: Data((4096..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    try handle.close()
    try await sandbox.run("db", "check").expectExit(65)
    let result = try await sandbox.run("db", "restore", backup, "--yes")
    result.expectSuccess()
    #expect(try sandbox.records() == records)
    try await sandbox.run("db", "check").expectSuccess()
  }

  @Test func aMissingDatabaseIsCreatedFromTheBackup() async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    let database = sandbox.folder.file("new/journeys.sqlite")
    let result = try await sandbox.run("db", "restore", backup, "--yes", "--db", database)
    result.expectSuccess()
    #expect(try sandbox.records(at: database) == records)
    #expect(try FileSafetyTests.mode(of: database) == 0o600)
  }

  @Test func whatIsNotABackupIsRefusedAndChangesNothing() async throws {
    let (sandbox, backup, _) = try await Self.sandboxWithBackup()
    let before = try sandbox.snapshot()
    let folder = sandbox.folder
    #expect(FileManager.default.createFile(atPath: folder.file("text"), contents: Data("not a database\n".utf8)))
    _ = try await SQLiteShell.run(
      "CREATE TABLE t (x);", on: folder.file("other.sqlite"), busyTimeout: nil, environment: sandbox.environment, in: folder)
    let newer = folder.file("newer.sqlite")
    try FileManager.default.copyItem(atPath: backup, toPath: newer)
    _ = try await SQLiteShell.run(
      "PRAGMA user_version = 99;", on: newer, busyTimeout: nil, environment: sandbox.environment, in: folder)
    #expect(symlink("journeys.sqlite", folder.file("link")) == 0)
    let cases: [([String], Int32, String)] = [
      (["db", "restore", backup], 64,
       "refusing to replace the 3 journeys and the history (2 batches) of \(sandbox.databasePath) with the 3 journeys of \(backup) without --yes"),
      (["db", "restore", folder.file("text"), "--yes"], 65, "text cannot be restored: file is not a database"),
      (["db", "restore", folder.file("other.sqlite"), "--yes"], 65, "is a SQLite database, but not a roadtrip one"),
      (["db", "restore", newer, "--yes"], 65, "has schema version 99, newer than this roadtrip knows"),
      (["db", "restore", "link", "--yes"], 64, "link is the database in use"),
      (["db", "restore", folder.file("missing"), "--yes"], 65, "missing cannot be restored"),
    ]
    for (arguments, code, message) in cases {
      let result = try await sandbox.run(arguments)
      #expect(result.exitCode == code, "\(arguments): \(result)")
      #expect(result.standardError.contains(message), "\(arguments): \(result)")
    }
    #expect(try sandbox.snapshot() == before)
  }

  /// A SQLite database of another program is refused as every command refuses it (65), with
  /// or without --yes, and left byte for byte (issue 22).
  @Test(arguments: [true, false])
  func aDatabaseOfAnotherProgramIsNotReplaced(_ yes: Bool) async throws {
    let (sandbox, backup, _) = try await Self.sandboxWithBackup()
    let foreign = sandbox.folder.file("f1.sqlite")
    let created = try await SQLiteShell.run(
      "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL); INSERT INTO invoices (amount) VALUES (100), (200);",
      on: foreign, busyTimeout: nil, environment: sandbox.environment, in: sandbox.folder)
    created.expectSuccess()
    let before = try #require(sandbox.bytes(of: foreign))
    let listed = try await sandbox.run("list", "--db", foreign)
    let result = try await sandbox.run(["db", "restore", backup, "--db", foreign] + (yes ? ["--yes"] : []))
    result.expectExit(65)
    #expect(result.standardError == "roadtrip: error: \(foreign) is a SQLite database, but not a roadtrip one; choose another file\n")
    #expect(result.standardError == listed.standardError, "the message differs from every other command's")
    #expect(sandbox.bytes(of: foreign) == before)
    #expect(!sandbox.exists(foreign + "-wal") && !sandbox.exists(foreign + "-shm"))
  }

  /// An empty SQLite database (no table, application id 0), as sqlite3 or touch leave one, is
  /// filled.
  @Test(arguments: ["touch", "sqlite3"])
  func anEmptyDatabaseIsFilled(_ maker: String) async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    let empty = sandbox.folder.file("empty.sqlite")
    let arguments = maker == "touch" ? [empty] : [empty, "PRAGMA page_size = 4096; VACUUM;"]
    try await Child.run("/usr/bin/" + maker, arguments, environment: sandbox.environment, in: sandbox.folder)
      .expectSuccess()
    #expect(chmod(empty, 0o600) == 0)
    let result = try await sandbox.run("db", "restore", backup, "--yes", "--db", empty)
    result.expectSuccess()
    #expect(try sandbox.records(at: empty) == records)
  }

  /// On a terminal the question names what is replaced and what replaces it; no keeps both.
  @Test func theQuestionNamesBothDatabases() async throws {
    let (sandbox, backup, records) = try await Self.sandboxWithBackup()
    let before = try sandbox.snapshot()
    let declined = try await sandbox.runInTerminal(["db", "restore", backup], input: "n\n")
    #expect(declined.standardOutput.contains(
      "Replace the 3 journeys and the history (2 batches) of \(sandbox.databasePath) with the 3 journeys of \(backup)? [y/N]"),
      "\(declined)")
    declined.expectExit(1)
    #expect(try sandbox.snapshot() == before)
    let accepted = try await sandbox.runInTerminal(["db", "restore", backup], input: "y\n")
    accepted.expectSuccess()
    #expect(try sandbox.records() == records)
  }

  @Test func messagesThatSayRestoreNameTheCommand() async throws {
    let sandbox = try CLISandbox()
    #expect(FileManager.default.createFile(atPath: sandbox.databasePath, contents: Data(repeating: 0x41, count: 8192)))
    let result = try await sandbox.run("list")
    result.expectExit(65)
    #expect(result.standardError.contains("restore a backup with 'roadtrip db restore FILE'"), "\(result)")
  }
}
