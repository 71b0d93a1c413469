import Foundation
import Testing
@testable import JourneyStore

@Suite("roadtrip db and where the data lives")
struct DatabaseCommandTests {
  @Test func theDatabaseIsDbElseROADTRIP_DBElseXDGElseHome() async throws {
    let sandbox = try CLISandbox()
    let dataHome = sandbox.folder.file("data")
    #expect(try await sandbox.run("db", "path", "--db", "/tmp/x.sqlite").standardOutput == "/tmp/x.sqlite\n")
    #expect(try await sandbox.run("--db", "/tmp/y.sqlite", "db", "path").standardOutput == "/tmp/y.sqlite\n")
    #expect(try await sandbox.run("db", "path").standardOutput == sandbox.databasePath + "\n")
    let xdg = try await sandbox.run("db", "path", environment: ["ROADTRIP_DB": nil, "XDG_DATA_HOME": dataHome])
    #expect(xdg.standardOutput == dataHome + "/roadtrip/journeys.sqlite\n")
    let relativeXDG = try await sandbox.run("db", "path", environment: ["ROADTRIP_DB": nil, "XDG_DATA_HOME": "data"])
    #expect(relativeXDG.standardOutput == sandbox.folder.path + "/.local/share/roadtrip/journeys.sqlite\n")
    let home = try await sandbox.run("db", "path", environment: ["ROADTRIP_DB": "", "XDG_DATA_HOME": nil])
    #expect(home.standardOutput == sandbox.folder.path + "/.local/share/roadtrip/journeys.sqlite\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).allSatisfy { $0.hasSuffix(".out") || $0.hasSuffix(".err") })
  }

  /// `--db ""` (an unset variable in a script) named the default database in silence.
  @Test func anEmptyDbIsAUsageError() async throws {
    let sandbox = try CLISandbox()
    for arguments in [["list", "--db", ""], ["add", "x", "--db", ""], ["transport", "abcd", "bike", "--db="]] {
      let result = try await sandbox.run(arguments, environment: ["ROADTRIP_DB": nil, "XDG_DATA_HOME": sandbox.folder.file("data")])
      result.expectExit(64, "\(arguments)")
      // ArgumentParser refuses an empty value itself; an empty --db=… reaches roadtrip's check.
      #expect(result.standardError.contains("--db needs a path") || result.standardError.contains("Missing value for '--db"), "\(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.folder.file("data")))
  }

  @Test func theFirstWriteCreatesTheDefaultDatabasePrivately() async throws {
    let sandbox = try CLISandbox()
    let dataHome = sandbox.folder.file("data")
    let environment: [String: String?] = ["ROADTRIP_DB": nil, "XDG_DATA_HOME": dataHome]
    try await sandbox.run("list", environment: environment).expectSuccess()
    #expect(!sandbox.exists(dataHome))
    let added = try await sandbox.run("add", "First", environment: environment)
    added.expectSuccess()
    let path = dataHome + "/roadtrip/journeys.sqlite"
    #expect(try sandbox.records(at: path).count == 1)
    let mode = { (path: String) throws -> Int? in
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).map { $0 & 0o777 }
    }
    #expect(try mode(path) == 0o600)
    #expect(try mode(dataHome + "/roadtrip") == 0o700)
    #expect(try mode(dataHome) == 0o700)
  }

  @Test func checkReportsASoundDatabase() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("db", "check")
    result.expectSuccess()
    #expect(result.standardOutput == """
      path: \(sandbox.databasePath)
      schema version: \(Schema.currentVersion) (current)
      integrity: ok
      journeys: 3
      changes logged: 1 batch

      """)
  }

  @Test func checkFindsDamageAndExitsWith65() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let connection = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    // The index's declared column no longer matches what its entries hold.
    try connection.execute("""
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = 'CREATE INDEX journey_by_start ON journey (duration)' WHERE name = 'journey_by_start';
      """)
    let result = try await sandbox.run("db", "check")
    result.expectExit(65)
    #expect(result.standardOutput.contains("integrity: 3 problems\n  row 1 missing from index journey_by_start\n"))
    #expect(result.standardError == "roadtrip: error: \(sandbox.databasePath) is damaged (3 problems found, listed above); restore a backup with 'roadtrip db restore FILE' unless a problem names another repair\n")
  }

  /// A program that drops the trigger which keeps an import's log whole, deletes one of the
  /// imported journeys and puts the trigger back: `db check` says the journeys are whole, and the
  /// prune it names forgets the damaged history and leaves every journey.
  @Test func checkNamesThePruneThatForgetsAnImportsDamagedHistory() async throws {
    let sandbox = try CLISandbox()
    try await Self.damageAnImportsRange(in: sandbox)
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("integrity: 1 problem\n"), "\(check)")
    #expect(
      check.standardOutput.contains(
        "the journeys are whole, the history of that batch is not; 'roadtrip history prune --keep 2' "
          + "forgets it (and the batches before it), or restore a backup\n"), "\(check)")
    try await sandbox.run("history", "prune", "--keep", "2", "--yes").expectSuccess()
    let repaired = try await sandbox.run("db", "check")
    repaired.expectSuccess()
    #expect(repaired.standardOutput.contains("integrity: ok\njourneys: 1500\n"), "\(repaired)")
  }

  /// A prune keeps a batch no sync has sent, so for that one the check does not name a prune
  /// that would drop other history and leave the problem.
  @Test func checkNamesNoPruneForAnImportNoSyncHasSent() async throws {
    let sandbox = try CLISandbox()
    try await sandbox.run("add", "First").expectSuccess()
    try await sandbox.run("sync", sandbox.folder.file("remote")).expectSuccess()
    try await Self.damageAnImportsRange(in: sandbox)
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(
      check.standardOutput.contains(
        "the history of that batch is not; no sync has sent that batch, which a prune keeps: "
          + "restore a backup\n"), "\(check)")
  }

  /// Imports 1,500 journeys (their log a range) and adds one; then the sqlite3 shell drops the
  /// trigger that keeps the range whole, deletes an imported journey and puts the trigger back.
  static func damageAnImportsRange(in sandbox: CLISandbox) async throws {
    let lines = (0..<1_500).map {
      #"{"name":"Imported \#($0)","transportationType":"bike","#
        + #""startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try await sandbox.run("import", "-", input: lines.joined(separator: "\n") + "\n").expectSuccess()
    try await sandbox.run("add", "Later").expectSuccess()
    let trigger = try await sandbox.sqlite3(
      "SELECT sql FROM sqlite_schema WHERE name = 'journey_resolves_range_delete'")
    trigger.expectSuccess()
    try await sandbox.sqlite3(
      """
      BEGIN; DROP TRIGGER journey_resolves_range_delete;
      DELETE FROM journey WHERE name = 'Imported 700';
      \(trigger.standardOutput); COMMIT;
      """
    ).expectSuccess()
  }

  /// A check of nothing fails (as vacuum does), so that `db check && …` does not go on, and
  /// creates nothing.
  @Test func checkOnAMissingDatabaseFailsAndCreatesNothing() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("db", "check")
    result.expectExit(1)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "roadtrip: error: there is no database at \(sandbox.databasePath) yet; nothing to check\n")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func backupWritesAPrivateConsistentCopyWhileAnotherProcessWrites() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let writer = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    try writer.execute("BEGIN IMMEDIATE; UPDATE journey SET name = 'uncommitted'")
    let copy = sandbox.folder.file("backups/copy.sqlite")
    let result = try await sandbox.run("db", "backup", copy)
    try writer.execute("COMMIT")
    result.expectSuccess()
    #expect(result.standardOutput == "")
    let copied = try sandbox.records(at: copy)
    #expect(copied.count == 3)
    #expect(copied[SampleJourneys.coastID]?["name"] == .string("Coast road"))
    #expect(try sandbox.records()[SampleJourneys.coastID]?["name"] == .string("uncommitted"))
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o777 } == 0o600)
    let check = try await sandbox.run("db", "check", "--db", copy)
    check.expectSuccess()
    #expect(check.standardOutput.contains("changes logged: 1 batch"))
  }

  @Test func backupNeverOverwritesAFile() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let existing = sandbox.folder.file("existing.sqlite")
    #expect(FileManager.default.createFile(atPath: existing, contents: Data("keep".utf8)))
    let result = try await sandbox.run("db", "backup", existing)
    result.expectExit(73)
    #expect(result.standardError.contains("a file already exists there; choose a new name"))
    #expect(sandbox.bytes(of: existing) == Data("keep".utf8))
  }

  @Test func backupOfAMissingDatabaseFailsAndCreatesNothing() async throws {
    let sandbox = try CLISandbox()
    let copy = sandbox.folder.file("copy.sqlite")
    let result = try await sandbox.run("db", "backup", copy)
    result.expectExit(1)
    #expect(result.standardError.contains("there is no database at \(sandbox.databasePath) yet; nothing to back up"))
    #expect(!sandbox.exists(copy))
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}
