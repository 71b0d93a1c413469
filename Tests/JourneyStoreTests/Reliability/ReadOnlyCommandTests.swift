import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Reads never write: a command that only reads leaves the file's bytes, its journal mode and its
/// schema version as they were, on every schema ever released, on a backup in rollback-journal
/// mode and on a read-only backup in a read-only folder. The first write upgrades an older
/// schema, and says so once.
@Suite("Reliability: reads never write")
struct ReadOnlyCommandTests {
  /// A journey of every fixture (`MigrationTests.version1Journeys()`).
  static let fixtureID = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0004"

  /// Every command that only reads, but `history` and `watch`, which read the change log;
  /// `show` shows the journey `id`.
  static func journeyReads(showing id: String = fixtureID) -> [[String]] {
    [
      ["list"], ["list", "--json"], ["show", id], ["export"], ["export", "--format", "csv"], ["summary"],
      ["db", "check"], ["db", "path"],
    ]
  }

  /// What the header of a database file says: its journal mode (1 rollback, 2 WAL; bytes 18-19)
  /// and `user_version` (bytes 60-63), read from the bytes, without SQLite.
  static func header(of bytes: Data) -> (journalMode: UInt8, userVersion: UInt32) {
    let version = bytes[60..<64].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return (bytes[18], version)
  }

  /// A copy of the fixture of `version` in the sandbox, as its database.
  static func fixtureCopy(version: Int64, in sandbox: CLISandbox) throws {
    let fixture = MigrationTests.fixtures.appendingPathComponent("journeys-v\(version).sqlite").path
    try FileManager.default.copyItem(atPath: fixture, toPath: sandbox.databasePath)
  }

  @Test(arguments: 1...Schema.currentVersion)
  func readsLeaveEveryVersionAsItWas(version: Int64) async throws {
    let sandbox = try CLISandbox()
    try Self.fixtureCopy(version: version, in: sandbox)
    let before = try #require(sandbox.bytes(of: sandbox.databasePath))
    #expect(Self.header(of: before) == (2, UInt32(version)))
    for arguments in Self.journeyReads() {
      let result = try await sandbox.run(arguments)
      result.expectSuccess("\(arguments)")
      #expect(result.standardError.isEmpty, "\(arguments): \(result)")
      #expect(sandbox.bytes(of: sandbox.databasePath) == before, "\(arguments)")
    }
    #expect(try await sandbox.run("list", "--format", "ids").lines.count == 8)
    let check = try await sandbox.run("db", "check")
    let expected = version == Schema.currentVersion
      ? "schema version: \(version) (current)"
      : "schema version: \(version) (this roadtrip writes \(Schema.currentVersion); 'roadtrip db migrate' upgrades it)"
    #expect(check.standardOutput.contains(expected), "\(check)")

    // The change log is read at the current version only: an older one says how to upgrade it.
    for arguments in [["history"], ["watch", "--count", "1"]] where version < Schema.currentVersion {
      let result = try await sandbox.runBounded(arguments, timeout: .seconds(30))
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains(
        "has the older schema version \(version), and its change log is read at version \(Schema.currentVersion): "
          + "'roadtrip db migrate' upgrades it"), "\(arguments): \(result)")
    }
    if version == Schema.currentVersion {
      try await sandbox.run("history").expectSuccess()
      let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch"])
      try await Task.sleep(for: .milliseconds(500))
      kill(watch.process.processIdentifier, SIGINT)
      let code = try await watch.waitForExit(within: .seconds(20))
      #expect(code == 0, "watch ended with \(code.map(String.init) ?? "nothing: killed") after SIGINT: \(watch.output())")
    }
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
    // SQLite's files beside a WAL database are gone with the last reader.
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix("journeys") }
      == ["journeys.sqlite"])
  }

  @Test func aBackupStaysInRollbackJournalModeByteForByte() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let backup = sandbox.folder.file("backup.sqlite")
    try await sandbox.run("db", "backup", backup).expectSuccess()
    let before = try #require(sandbox.bytes(of: backup))
    #expect(Self.header(of: before).journalMode == 1)
    for arguments in Self.journeyReads(showing: SampleJourneys.coastID) + [["history"]] {
      let result = try await sandbox.run(arguments + ["--db", backup])
      result.expectSuccess("\(arguments)")
      #expect(sandbox.bytes(of: backup) == before, "\(arguments)")
    }
    #expect(!sandbox.exists(backup + "-wal") && !sandbox.exists(backup + "-shm") && !sandbox.exists(backup + "-journal"))
  }

  /// `import --dry-run` reads and checks as an import would, and writes nothing: on a file of
  /// any schema ever released, which a write would upgrade, it checks on a copy in memory, with
  /// the same counts and the same conflicts; the file keeps every byte and says nothing of an
  /// upgrade. So does a backup in rollback-journal mode.
  @Test(arguments: 1...Schema.currentVersion)
  func aDryRunImportLeavesEveryVersionAsItWas(version: Int64) async throws {
    let sandbox = try CLISandbox()
    try Self.fixtureCopy(version: version, in: sandbox)
    let before = try #require(sandbox.bytes(of: sandbox.databasePath))
    let new = #"{"name":"Lunch","transportationType":"bike","startDate":"2026-11-21T12:00:00Z","duration":1800}"#
    let taken = #"{"id":"\#(Self.fixtureID)","name":"Again","transportationType":"car","startDate":"2026-11-21T12:00:00Z","duration":60}"#
    let dry = try await sandbox.run("import", "--dry-run", input: new + "\n")
    dry.expectSuccess()
    #expect(dry.standardError == "Would import 1 journey; nothing was written.\n", "\(dry)")
    let conflict = try await sandbox.run("import", "--dry-run", input: new + "\n" + taken + "\n")
    #expect(conflict.exitCode == 65 && conflict.standardError.contains("line 2: a journey with the id"), "\(conflict)")
    let skipped = try await sandbox.run("import", "--dry-run", "--on-conflict", "skip", input: taken + "\n")
    #expect(skipped.exitCode == 0 && skipped.standardError.contains("Would import 0 journeys (1 skipped)"), "\(skipped)")
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix("journeys") }
      == ["journeys.sqlite"])
    // A real import then upgrades it, and says so.
    let real = try await sandbox.run("import", input: new + "\n")
    #expect(real.exitCode == 0 && real.standardError.contains("upgraded") == (version < Schema.currentVersion), "\(real)")
  }

  @Test func aDryRunImportLeavesABackupInRollbackJournalMode() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let backup = sandbox.folder.file("backup.sqlite")
    try await sandbox.run("db", "backup", backup).expectSuccess()
    let before = try #require(sandbox.bytes(of: backup))
    let input = #"{"name":"Lunch","transportationType":"bike","startDate":"2026-11-21T12:00:00Z","duration":1800}"# + "\n"
    let dry = try await sandbox.run("import", "--dry-run", "--db", backup, input: input)
    #expect(dry.exitCode == 0 && dry.standardError.hasPrefix("Would import 1 journey"), "\(dry)")
    #expect(sandbox.bytes(of: backup) == before)
    #expect(Self.header(of: before).journalMode == 1)
    #expect(!sandbox.exists(backup + "-wal") && !sandbox.exists(backup + "-shm") && !sandbox.exists(backup + "-journal"))
  }

  /// A backup of an older roadtrip, made read-only in a read-only folder: read by a user whom
  /// permissions bind (root without its overriding capabilities).
  @Test func aReadOnlyBackupInAReadOnlyFolderIsReadAsItIs() async throws {
    let sandbox = try CLISandbox()
    try Self.fixtureCopy(version: 1, in: sandbox)
    let folder = sandbox.folder.file("archive")
    #expect(mkdir(folder, 0o700) == 0)
    let backup = folder + "/backup.sqlite"
    try await sandbox.run("db", "backup", backup).expectSuccess()
    let before = try #require(sandbox.bytes(of: backup))
    #expect(Self.header(of: before) == (1, 1))
    #expect(chmod(backup, 0o400) == 0 && chmod(folder, 0o500) == 0)
    defer { chmod(folder, 0o700) }
    for arguments in Self.journeyReads() {
      let result = try await FileAnswerTests.runBound(arguments + ["--db", backup], in: sandbox)
      result.expectSuccess("\(arguments)")
      #expect(sandbox.bytes(of: backup) == before, "\(arguments)")
    }
    let listed = try await FileAnswerTests.runBound(["list", "--format", "ids", "--db", backup], in: sandbox)
    #expect(listed.lines.count == 8, "\(listed)")
    let check = try await FileAnswerTests.runBound(["db", "check", "--db", backup], in: sandbox)
    #expect(check.standardOutput.contains("schema version: 1 (this roadtrip writes"), "\(check)")
    // Writing it is what cannot be done, and says so.
    let written = try await FileAnswerTests.runBound(["transport", Self.fixtureID, "bike", "--db", backup], in: sandbox)
    written.expectExit(74)
    #expect(written.standardError.contains("cannot be written"), "\(written)")
    #expect(sandbox.bytes(of: backup) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["backup.sqlite"])
  }

  @Test func theFirstWriteUpgradesAndSaysSoOnce() async throws {
    let sandbox = try CLISandbox()
    try Self.fixtureCopy(version: 2, in: sandbox)
    let first = try await sandbox.run("transport", Self.fixtureID, "car")
    first.expectSuccess()
    #expect(first.standardError == "roadtrip: upgraded \(sandbox.databasePath) from schema version 2 to "
      + "\(Schema.currentVersion); older versions of roadtrip cannot open it now\n")
    #expect(Self.header(of: try #require(sandbox.bytes(of: sandbox.databasePath))).userVersion == UInt32(Schema.currentVersion))
    let second = try await sandbox.run("transport", Self.fixtureID, "bike")
    #expect(second.exitCode == 0 && second.standardError.isEmpty, "\(second)")
    // The fixture's history and the two new commands, in one log.
    let history = try await sandbox.run("history", Self.fixtureID, "--format", "ndjson")
    #expect(history.lines.filter { $0.contains("\"field\":\"transportationType\"") }.count == 3, "\(history)")
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("transportationType", of: Self.fixtureID) == "car")
  }

  @Test func dbMigrateUpgradesOnceAndSaysWhatItDid() async throws {
    let sandbox = try CLISandbox()
    let none = try await sandbox.run("db", "migrate")
    none.expectExit(1)
    #expect(none.standardError.contains("there is no database at \(sandbox.databasePath) yet; nothing to upgrade"))
    #expect(!sandbox.exists(sandbox.databasePath))

    try Self.fixtureCopy(version: 1, in: sandbox)
    let migrated = try await sandbox.run("db", "migrate")
    migrated.expectSuccess()
    #expect(migrated.standardError.contains("upgraded \(sandbox.databasePath) from schema version 1 to \(Schema.currentVersion)"))
    let check = try await sandbox.run("db", "check")
    #expect(check.standardOutput.contains("schema version: \(Schema.currentVersion) (current)\nintegrity: ok"), "\(check)")
    let again = try await sandbox.run("db", "migrate")
    again.expectSuccess()
    #expect(again.standardError == "\(sandbox.databasePath) already has schema version \(Schema.currentVersion); nothing to upgrade.\n")
  }
}
