import Foundation
import Testing

@testable import JourneyStore

#if canImport(Glibc)
  import Glibc
#endif

/// `roadtrip sync` on the real binary: two and three databases through a folder, the sqlite3
/// shell writing on one side, conflicts listed and put back, and faults.
@Suite("roadtrip sync")
struct SyncCommandTests {
  /// A sandbox with databases `a`, `b`, `c` beside each other and a remote folder.
  struct Machines {
    let sandbox: CLISandbox
    var remote: String { sandbox.folder.file("remote") }

    init() throws { sandbox = try CLISandbox() }

    func path(_ name: String) -> String { sandbox.folder.file("\(name).sqlite") }

    func run(_ name: String, _ arguments: String...) async throws -> CommandResult {
      try await sandbox.run(arguments, environment: ["ROADTRIP_DB": path(name)])
    }

    /// The journey table as the sqlite3 shell prints it.
    func table(_ name: String) async throws -> String {
      try await SQLiteShell.run(
        "SELECT * FROM journey ORDER BY id", on: path(name), options: ["-csv"], busyTimeout: nil,
        environment: sandbox.environment, in: sandbox.folder
      ).standardOutput
    }

    /// a and b through the remote with one journey, "Commute", renamed on both: a's rename
    /// synced, b's not yet.
    /// - Returns: The journey's id.
    func renamedOnBoth() async throws -> String {
      try await run("a", "add", "Commute").expectSuccess()
      try await run("a", "sync", remote).expectSuccess()
      try await run("b", "sync", remote).expectSuccess()
      let id = try #require(try await run("b", "list", "--format", "ids").lines.first)
      try await run("a", "set", id, "name=Laptop name").expectSuccess()
      try await run("b", "set", id, "name=Desktop name").expectSuccess()
      try await run("a", "sync").expectSuccess()
      return id
    }

    func sqlite3(_ name: String, _ sql: String) async throws -> CommandResult {
      try await SQLiteShell.run(sql, on: path(name), environment: sandbox.environment, in: sandbox.folder)
    }
  }

  @Test func twoDatabasesAndTheSqliteShellConverge() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Laptop trip", "--transport", "bike").expectSuccess()
    try await machines.run("b", "add", "Desktop trip").expectSuccess()
    let first = try await machines.run("a", "sync", machines.remote)
    first.expectSuccess()
    #expect(first.standardError.contains("made \(machines.remote) a roadtrip remote"), "\(first)")
    #expect(
      first.standardError.contains("sent 1 change in 1 file; nothing new received"), "\(first)")
    let second = try await machines.run("b", "sync", machines.remote)
    #expect(
      second.standardError.contains(
        "sent 1 change in 1 file; received 1 change from 1 replica: 1 journey changed"), "\(second)"
    )
    // Another program writes on one side: its statement syncs out like a command.
    let id = try #require(try await machines.run("a", "list", "--format", "ids").lines.first)
    try await machines.sqlite3(
      "a", "UPDATE journey SET name = 'Renamed by a script' WHERE id = '\(id)'"
    ).expectSuccess()
    // The remote is remembered.
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
    #expect(try await machines.table("a").contains("Renamed by a script"))
    // The sync is a batch of the history.
    let history = try await machines.run("b", "history", "--format", "ndjson")
    #expect(history.standardOutput.contains("sync from "), "\(history)")
  }

  @Test func threeDatabasesEndWithTheSameTableWhateverTheOrder() async throws {
    let machines = try Machines()
    for name in ["a", "b", "c"] {
      try await machines.run(name, "add", "Trip of \(name)").expectSuccess()
      try await machines.run(name, "sync", machines.remote).expectSuccess()
    }
    for name in ["c", "a", "b", "c", "b", "a"] {
      let result = try await machines.run(name, "sync")
      result.expectSuccess()
    }
    let table = try await machines.table("a")
    #expect(table.split(separator: "\n").count == 3)
    #expect(try await machines.table("b") == table)
    #expect(try await machines.table("c") == table)
  }

  @Test func sameFieldEditsAreListedAndOneIsPutBack() async throws {
    let machines = try Machines()
    let id = try await machines.renamedOnBoth()
    let received = try await machines.run("b", "sync")
    #expect(
      received.standardError.contains("1 conflict ('roadtrip sync conflicts' lists it)"),
      "\(received)")
    try await machines.run("a", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
    let listed = try await machines.run("a", "sync", "conflicts", "--format", "ndjson")
    #expect(listed.lines.count == 1, "\(listed)")
    #expect(listed.standardOutput.contains("\"lost\":\"Laptop name\""), "\(listed)")
    #expect(listed.standardOutput.contains("\"kept\":\"Desktop name\""), "\(listed)")
    let restored = try await machines.run("a", "sync", "conflicts", "--restore", "1")
    restored.expectSuccess()
    try await machines.run("a", "sync", "conflicts", "--restore", "1").expectExit(1)
    try await machines.run("a", "sync", "conflicts", "--restore", "9").expectExit(66)
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(
      try await machines.run("b", "show", id, "--format", "json").standardOutput.contains(
        "Laptop name"))
  }

  @Test func statusSaysWhatWaitsAndWritesNothing() async throws {
    let machines = try Machines()
    // A file of schema version 5 that never synced: no write, no upgrade.
    try FileManager.default.copyItem(
      atPath: MigrationTests.fixtures.appendingPathComponent("journeys-v5.sqlite").path,
      toPath: machines.path("a"))
    let before = machines.sandbox.bytes(of: machines.path("a"))
    let never = try await machines.run("a", "sync", "--status")
    #expect(never.exitCode == 0 && never.standardOutput.contains("never synced"), "\(never)")
    #expect(never.standardOutput.hasSuffix("Sync required.\n"))
    #expect(machines.sandbox.bytes(of: machines.path("a")) == before)
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("a", "add", "Waiting").expectSuccess()
    let waiting = try await machines.run("a", "sync", "--status")
    #expect(waiting.standardOutput.contains("remote: \(machines.remote) (folder)"), "\(waiting)")
    #expect(waiting.standardOutput.contains("waiting to be sent: 1 batch, 1 change"), "\(waiting)")
    #expect(waiting.standardOutput.hasSuffix("Sync required.\n"))
    try await machines.run("a", "sync").expectSuccess()
    let upToDate = try await machines.run("a", "sync", "--status")
    #expect(
      upToDate.standardOutput.contains("waiting to be sent: 0 batches, 0 changes"), "\(upToDate)")
  }

  @Test func usageErrorsAndForeignFolders() async throws {
    let machines = try Machines()
    let noRemote = try await machines.run("a", "sync")
    #expect(
      noRemote.exitCode == 64 && noRemote.standardError.contains("roadtrip sync REMOTE"),
      "\(noRemote)")
    let notARemote = machines.sandbox.folder.file("documents")
    try FileManager.default.createDirectory(atPath: notARemote, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: notARemote + "/letter.txt", contents: Data("hello".utf8))
    let refused = try await machines.run("a", "sync", notARemote)
    #expect(
      refused.exitCode == 65 && refused.standardError.contains("is not a roadtrip remote"),
      "\(refused)")
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    // A new folder is no remote of this database: only --new-remote starts one, and a refused
    // sync makes nothing.
    let other = try await machines.run("a", "sync", machines.sandbox.folder.file("other"))
    #expect(
      other.exitCode == 64 && other.standardError.contains("--new-remote"), "\(other)")
    #expect(!FileManager.default.fileExists(atPath: machines.sandbox.folder.file("other")))
    // Another database's remote.
    try await machines.run("b", "sync", machines.sandbox.folder.file("other")).expectSuccess()
    let theirs = try await machines.run("a", "sync", machines.sandbox.folder.file("other"))
    #expect(
      theirs.exitCode == 65 && theirs.standardError.contains("another journey database's remote"),
      "\(theirs)")
  }

  @Test func aLockedDatabaseExits75() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip").expectSuccess()
    let holder = try Connection(path: machines.path("a"), busyTimeout: .seconds(1))
    try holder.execute("BEGIN IMMEDIATE")
    defer { try? holder.execute("ROLLBACK") }
    let result = try await machines.sandbox.run(
      ["sync", machines.remote],
      environment: ["ROADTRIP_DB": machines.path("a"), "ROADTRIP_BUSY_TIMEOUT": "200"])
    result.expectExit(75)
  }

  @Test func aCorruptFileIsRefusedByNameWithExit65AndTheRestIsApplied() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "From a").expectSuccess()
    try await machines.run("b", "add", "From b").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let replicas = try FileManager.default.contentsOfDirectory(
      atPath: machines.remote + "/replicas")
    let file = machines.remote + "/replicas/\(replicas.sorted()[0])/000000001.rtc"
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    bytes[bytes.count / 2] ^= 0x01
    try FileManager.default.removeItem(atPath: file)
    try bytes.write(to: URL(fileURLWithPath: file))
    // Another program's temporary and partial files are no change files.
    FileManager.default.createFile(
      atPath: machines.remote + "/replicas/\(replicas[0])/.syncthing.000000002.rtc.tmp",
      contents: Data())
    FileManager.default.createFile(
      atPath: machines.remote + "/replicas/\(replicas[0])/000000002.rtc.partial", contents: Data())
    let result = try await machines.run("c", "sync", machines.remote)
    result.expectExit(65)
    #expect(
      result.standardError.contains("replicas/\(replicas.sorted()[0])/000000001.rtc"), "\(result)")
    #expect(try await machines.run("c", "list", "--format", "ids").lines.count == 1)
  }

  @Test func aReadOnlyRemoteReceivesAndSendsLater() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "From a").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "add", "From b").expectSuccess()
    try await machines.run("a", "add", "From a, later").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let replicas = machines.remote + "/replicas"
    var modes: [String: mode_t] = [:]
    for folder in [replicas]
      + (try FileManager.default.contentsOfDirectory(atPath: replicas)).map({ replicas + "/" + $0 })
    {
      modes[folder] = 0o755
      #expect(chmod(folder, 0o555) == 0)
    }
    defer { for (folder, mode) in modes { chmod(folder, mode) } }
    let bound = try await FileAnswerTests.runBound(
      ["sync", "--db", machines.path("b")], in: machines.sandbox)
    bound.expectExit(74)
    #expect(bound.standardError.contains("received, but could not send"), "\(bound)")
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 3)
    #expect(
      try await machines.run("b", "sync", "--status").standardOutput.contains(
        "files written but not on the remote yet: 1"))
    for (folder, mode) in modes { chmod(folder, mode) }
    try await machines.run("b", "sync").expectSuccess()
    #expect(
      try await machines.run("b", "sync", "--status").standardOutput.hasSuffix(
        "Up to date (as of the last sync).\n"))
    try await machines.run("a", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
  }

  @Test func aSyncKilledWhileItWritesLosesNothing() async throws {
    let machines = try Machines()
    let sandbox = machines.sandbox
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    try await sandbox.seedQuickly(60_000)
    let child = try sandbox.start(["sync", machines.remote])
    let wal = sandbox.databasePath + "-wal"
    let killed = try await child.signal(SIGKILL, when: { sandbox.size(of: wal) > 2_000_000 })
    _ = try await child.finish()
    #expect(killed, "the sync ended before it was killed")
    #expect(try await sandbox.run("sync", "--status").standardOutput.contains("never synced"))
    let again = try await sandbox.run("sync")
    again.expectExit(64, "the killed sync remembered nothing")
    try await sandbox.run("sync", machines.remote).expectSuccess()
    let received = try await machines.run("b", "sync")
    #expect(received.standardError.contains("60000 journeys changed"), "\(received)")
  }

  @Test func watchPrintsWhatASyncReceived() async throws {
    let machines = try Machines()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let watch = try WatchProcess(
      sandbox: machines.sandbox, arguments: ["watch", "--db", machines.path("b"), "--count", "1", "--format", "ndjson"])
    defer { watch.stop() }
    // Sync until the watch has seen a change: it may start after the first ones.
    for round in 0..<100 where watch.isRunning {
      try await machines.run("a", "add", "Round \(round)").expectSuccess()
      try await machines.run("a", "sync").expectSuccess()
      try await machines.run("b", "sync").expectSuccess()
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    #expect(try watch.output().contains("sync from "), "\(try watch.output())")
  }
}

extension SyncCommandTests {
  @Test func statusRightAfterASyncSaysUpToDate() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "First").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    let first = try await machines.run("a", "sync", "--status")
    #expect(!first.standardOutput.contains("files written"), "\(first)")
    #expect(first.standardOutput.hasSuffix("Up to date (as of the last sync).\n"), "\(first)")
    try await machines.run("a", "add", "Second").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let second = try await machines.run("a", "sync", "--status")
    #expect(second.standardOutput.hasSuffix("Up to date (as of the last sync).\n"), "\(second)")
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 2)
  }

  @Test func progressShowsOnATerminalAndNothingWhenPiped() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "On a terminal").expectSuccess()
    let terminal = try await machines.sandbox.runInTerminal(
      ["sync", machines.remote], environment: ["ROADTRIP_DB": machines.path("a")])
    terminal.expectSuccess()
    // What it does before it can count: the remote made current.
    #expect(
      terminal.standardOutput.hasPrefix("\rSyncing with \(machines.remote)…\u{1B}[K"),
      "\(terminal)")
    #expect(
      terminal.standardOutput.contains("\rSyncing… 1 change sent and received"), "\(terminal)")
    // Cleared before the summary.
    #expect(
      terminal.standardOutput.contains("\r\u{1B}[Kmade \(machines.remote) a roadtrip remote"),
      "\(terminal)")
    try await machines.run("b", "add", "Piped").expectSuccess()
    let piped = try await machines.run("b", "sync", machines.remote)
    piped.expectSuccess()
    #expect(!piped.standardError.contains("Syncing"), "\(piped)")
    #expect(!piped.standardError.contains("\r"), "\(piped)")
  }
}
