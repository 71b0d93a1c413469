import Foundation
import Testing
@testable import JourneyStore

extension MigrationTests {
  /// A version-8 replica (`fixtures/journeys-v8-sync/`, written by roadtrip at version 8 with
  /// `scripts/write-v8-sync-fixture.sh`: replica b, with a conflict on a name and a journey
  /// another replica deleted while b edited it, and the folder remote where that replica has
  /// sent writes b has not received): read as it is, it is not written; upgraded, its registers
  /// wait in `sync_register_v8` until the sync, which converts them and then receives the other
  /// replica's writes into exactly the journeys, conflicts and registers version 8 got from
  /// the same sync.
  @Test func aVersion8ReplicaMigratesAndSyncsAsVersion8Did() async throws {
    let fixture = Self.fixtures.appendingPathComponent("journeys-v8-sync")
    func expected(_ name: String) throws -> String {
      try String(
        contentsOf: fixture.appendingPathComponent("expected-\(name).txt"), encoding: .utf8)
    }
    let sandbox = try CLISandbox()
    let remote = sandbox.folder.file("remote")
    try FileManager.default.copyItem(
      atPath: fixture.appendingPathComponent("b.sqlite").path, toPath: sandbox.databasePath)
    try FileManager.default.copyItem(
      atPath: fixture.appendingPathComponent("remote").path, toPath: remote)
    let original = try #require(sandbox.bytes(of: sandbox.databasePath))

    // Reads never write: not the journeys, not the sync's status.
    try await sandbox.run("list").expectSuccess()
    try await sandbox.run("sync", "--status").expectSuccess()
    try await sandbox.run("db", "check").expectSuccess()
    #expect(sandbox.bytes(of: sandbox.databasePath) == original)

    let database = try JourneyDatabase(path: sandbox.databasePath)
    #expect(try database.schemaVersion == 8)
    #expect(try database.upgradeSchema() == 8)
    func count(_ table: String) throws -> Int64? {
      try database.connection.firstValue("SELECT count(*) FROM \(table)")?.integer
    }
    #expect(try count("sync_register_v8") == 4)
    #expect(try count("sync_register") == 0)
    #expect(try database.checkIntegrity().problems == [])

    let sync = try await sandbox.run("sync", remote)
    sync.expectSuccess()
    #expect(sync.standardError.contains("received 2 changes from 1 replica: 2 journeys changed"))
    #expect(try !database.connection.isEmptyLeftover("sync_register_v8"), "converted, and dropped")
    #expect(try database.connection.firstValue("SELECT 1 FROM sqlite_schema WHERE name = 'sync_register_v8'") == nil)
    #expect(try count("sync_register") == 4)
    let journeys = try await sandbox.run("list", "--format", "ndjson", "--sort", "name")
    #expect(journeys.standardOutput == (try expected("journeys")))
    // As version 8 listed them, but for conflict 1, which a restored before this sync: this
    // version marks it restored by the batch that brought a's restoring write (version 8 left it
    // open; SYNC.md, "A conflict restored elsewhere"); and a clock's time ends at its
    // millisecond (version 8 wrote 08:59:49.8659999Z for .866).
    let conflicts = try await sandbox.run("sync", "conflicts")
    #expect(conflicts.standardOutput == (try expected("conflicts")))
    #expect(try Self.registerLines(in: database) == (try expected("registers")))
    #expect(try database.checkIntegrity().problems == [])
  }

  /// A replica of an older schema syncs with the remote it remembers, as `roadtrip sync` without
  /// a remote (a cron job's): the sync is its first write, which upgrades it. (The remembered
  /// place is set to the copied remote by the sqlite3 shell.)
  @Test func anOlderReplicaSyncsWithTheRemoteItRemembers() async throws {
    let fixture = Self.fixtures.appendingPathComponent("journeys-v8-sync")
    let sandbox = try CLISandbox()
    let remote = sandbox.folder.file("remote")
    try FileManager.default.copyItem(
      atPath: fixture.appendingPathComponent("b.sqlite").path, toPath: sandbox.databasePath)
    try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("remote").path, toPath: remote)
    try await sandbox.sqlite3("UPDATE sync_remote SET url = '\(remote)';").expectSuccess("sqlite3")

    let sync = try await sandbox.run("sync")
    sync.expectSuccess()
    #expect(sync.standardError.contains("received 2 changes from 1 replica: 2 journeys changed"), "\(sync)")
    #expect(try JourneyDatabase(path: sandbox.databasePath).schemaVersion == JourneyDatabase.currentSchemaVersion)
    try await sandbox.run("sync").expectSuccess()
    try await sandbox.run("db", "check").expectSuccess()
  }

  /// Version 8's registers waiting in `sync_register_v8` for the first sync are read by
  /// `db check`, which names a damaged row (exit 65) as it names a damaged blob, before a sync
  /// would convert it into registers version 8 never wrote.
  @Test func aDamagedVersion8RegisterWaitingForItsConversionIsNamedByDBCheck() async throws {
    let sandbox = try CLISandbox()
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("journeys-v8-sync/b.sqlite").path,
      toPath: sandbox.databasePath)
    try await sandbox.run("db", "migrate").expectSuccess()
    #expect(try await sandbox.run("db", "check").exitCode == 0)
    let coast = "23ab1149-6219-4dae-b574-268ad7d34f32"
    let doomed = "31b35c2b-dad4-458f-9537-3c3acfd7bd67"
    let kept = "1c4455fb-49fe-4b66-a983-f0c99bd14f60"
    try await sandbox.sqlite3("""
      UPDATE sync_register_v8 SET name_by = 7 WHERE journey = '\(coast)';
      UPDATE sync_register_v8 SET present = 2 WHERE journey = '\(doomed)';
      UPDATE sync_register_v8 SET duration_hlc = 0 WHERE journey = '\(kept)';
      """).expectSuccess("sqlite3")

    let check = try await sandbox.run("db", "check")
    #expect(check.exitCode == 65, "\(check)")
    for problem in [
      "the sync registers of journey \(coast) are damaged "
        + "(version 8's name register names replica 7, which sync_seen does not number)",
      "the sync registers of journey \(doomed) are damaged "
        + "(version 8's existence register holds 2, not 0 or 1)",
      "the sync registers of journey \(kept) are damaged "
        + "(version 8's duration register has no clock but names replica 2, file 1)",
    ] {
      #expect(
        check.standardOutput.contains(problem) || check.standardError.contains(problem), "\(check)")
    }
  }

  /// Every journey's registers as the sqlite3 shell printed version 8's `sync_register` rows:
  /// the id, then each register's value, clock, replica and file, separated by `|`.
  static func registerLines(in database: JourneyDatabase) throws -> String {
    try RegisterStore(connection: database.connection).all().map { journey, registers in
      ([journey] + ([registers.present] + registers.fields).flatMap { register in
        let value: String
        switch register.value {
        case .null: value = ""
        case .integer(let integer): value = "\(integer)"
        case .real(let real): value = "\(real)"
        case .text(let text): value = text
        case .invalidText(let bytes), .blob(let bytes): value = "\(bytes)"
        }
        return [value, "\(register.hlc)", "\(register.by)", "\(register.seq)"]
      }).joined(separator: "|") + "\n"
    }.joined()
  }
}
