import Foundation
import Testing

/// What cron and systemd timers need (issue 39, item 19): `-q`/`--quiet` on sync, import, undo,
/// redo and history prune prints errors only, and the exit code says the rest.
@Suite("Quiet commands")
struct UnattendedUseTests {
  @Test func quietCommandsPrintNothingOnSuccess() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute").expectSuccess()
    for arguments in [
      ["sync", machines.remote, "-q"], ["sync", "--quiet"], ["sync", "--compact", "-q"], ["undo", "-q", "--yes"],
      ["redo", "--quiet", "--yes"], ["history", "prune", "--keep", "1", "--yes", "-q"],
    ] {
      let result = try await machines.sandbox.run(arguments, environment: ["ROADTRIP_DB": machines.path("a")])
      result.expectSuccess("\(arguments)")
      #expect(result.standardOutput == "", "\(arguments): \(result)")
      #expect(result.standardError == "", "\(arguments): \(result)")
    }
    let exported = try await machines.run("a", "export").expectSuccess().standardOutput
    let imported = try await machines.sandbox.run(
      ["import", "-q", "--on-conflict", "skip"], input: exported, environment: ["ROADTRIP_DB": machines.path("a")])
    imported.expectSuccess()
    #expect(imported.standardError == "")
    let loud = try await machines.run("a", "sync")
    #expect(loud.standardError != "")
  }

  /// Errors still show, with their exit code: an unmounted stick is 74, and nothing is written.
  @Test func quietSyncStillSaysItsErrors() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try FileManager.default.removeItem(atPath: machines.remote)
    let result = try await machines.run("a", "sync", "-q")
    result.expectExit(74)
    #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(result)")
    let nothing = try await machines.run("a", "redo", "-q")
    nothing.expectExit(1)
    #expect(nothing.standardError.contains("roadtrip: error:"), "\(nothing)")
  }
}

/// `sync conflicts` names this machine's values; `sync --status` shows times as the terminal
/// shows dates (issue 39, item 18).
@Suite("sync conflicts and status, read by a person")
struct SyncForPeopleTests {
  @Test func conflictsMarkThisMachinesReplica() async throws {
    let machines = try SyncCommandTests.Machines()
    _ = try await machines.renamedOnBoth()
    try await machines.run("b", "sync").expectSuccess()
    let onB = try await machines.run("b", "sync", "conflicts", "--format", "table").expectSuccess()
    let header = try #require(onB.lines.first)
    #expect(header.contains("KEPT BY") && header.contains("LOST BY"), "\(onB)")
    let row = try #require(onB.lines.dropFirst().first)
    // b's rename came later and was kept; a's lost: on b, the kept value is this machine's.
    #expect(row.contains("Desktop name  this machine"), "\(onB)")
    #expect(!row.contains("Laptop name  this machine"), "\(onB)")
    try await machines.run("a", "sync").expectSuccess()
    let onA = try await machines.run("a", "sync", "conflicts", "--format", "table").expectSuccess()
    #expect(onA.lines.dropFirst().first?.contains("Laptop name  this machine") == true, "\(onA)")
  }

  @Test func statusShowsTheLastExchangeInLocalTimeToTheSecond() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    let status = try await machines.sandbox.run(
      ["sync", "--status"], environment: ["ROADTRIP_DB": machines.path("a"), "TZ": "Asia/Kolkata"])
    status.expectSuccess()
    let line = try #require(status.lines.first { $0.hasPrefix("last exchange: ") }, "\(status)")
    let shown = line.dropFirst("last exchange: ".count)
    #expect(shown.count == "2026-11-28 18:00:00+05:30".count, "\(line)")
    #expect(shown.hasSuffix("+05:30"), "\(line)")
    #expect(!shown.contains("."), "\(line)")
  }
}

/// `undo` after `db restore` (issue 39, item 5): the restored backup's batches are older than
/// what the restore replaced, so undo stops at the restore and says so; new commands after it
/// are undone as ever; `history` starts at the restore, as at a pruned log's horizon.
@Suite("undo after db restore")
struct UndoAfterRestoreTests {
  @Test func undoSaysThereIsNothingFromBeforeTheRestore() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let backup = sandbox.folder.file("backup.sqlite")
    try await sandbox.run("db", "backup", backup).expectSuccess()
    try await sandbox.run("set", "aaaa1", "name=After the backup").expectSuccess()
    try await sandbox.run("db", "restore", backup, "--yes").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road")
    let before = try sandbox.snapshot()
    let refused = try await sandbox.run("undo", "--yes")
    refused.expectExit(1)
    #expect(refused.standardError.contains("nothing left to undo: the change log was pruned, or a backup restored, before batch 2"), "\(refused)")
    #expect(try sandbox.snapshot() == before)
    // The log starts again at the restore, as at a pruned log's horizon; the backup keeps its own.
    let history = try await sandbox.run("history", "--format", "ndjson").expectSuccess()
    #expect(history.lines.isEmpty, "\(history)")
    let kept = try await sandbox.run("history", "--db", backup, "--format", "ndjson").expectSuccess()
    #expect(kept.lines.count == 3, "\(kept)")
    // A command after the restore is undone as usual.
    try await sandbox.run("set", "aaaa1", "name=Coast").expectSuccess()
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road")
    try await sandbox.run("undo").expectExit(1)
  }
}
