import Foundation
import Testing
@testable import JourneyStore

/// `history prune` and `db vacuum`: the log can shrink, and undo stops where it was cut.
@Suite("roadtrip history prune and db vacuum")
struct HistoryPruneCommandTests {
  @Test func pruneNeedsYesWithoutATerminalAndChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await sandbox.run("transport", "aaaa1", "bike").exitCode == 0)
    let before = sandbox.bytes(of: sandbox.databasePath)
    let result = try await sandbox.run("history", "prune", "--keep", "1")
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.standardError.contains("without --yes"), "\(result)")
    #expect(try sandbox.bytes(of: sandbox.databasePath) == before)
    #expect(try await sandbox.run("history", "prune", "--yes").exitCode == 64)
    #expect(try await sandbox.run("history", "prune", "--keep", "0", "--yes").exitCode == 64)
  }

  @Test func undoStopsAtThePrunedLogAndSaysWhy() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await sandbox.run("transport", "aaaa1", "bike").exitCode == 0)
    #expect(try await sandbox.run("set", "bbbb", "name=Ferry home").exitCode == 0)
    let prune = try await sandbox.run("history", "prune", "--keep", "1", "--yes")
    #expect(prune.exitCode == 0, "\(prune)")
    #expect(prune.standardError.hasPrefix("Dropped 2 batches"), "\(prune)")

    #expect(try await sandbox.run("undo").exitCode == 0)
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) != "Ferry home")
    let snapshot = try sandbox.snapshot()
    let refused = try await sandbox.run("undo")
    #expect(refused.exitCode == 1, "\(refused)")
    #expect(refused.standardError.contains("the change log was pruned before batch 3"), "\(refused)")
    #expect(try sandbox.snapshot() == snapshot)
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")

    // What was kept can still be redone, and history lists only what was kept.
    #expect(try await sandbox.run("redo").exitCode == 0)
    let history = try await sandbox.run("history")
    #expect(!history.standardOutput.contains("\"batch\":1,"), "\(history)")
    #expect(!history.standardOutput.contains("\"batch\":2,"), "\(history)")
  }

  /// The import's log is a range (two rows), so the file comes back to its size after the import;
  /// the undos' and redos' log rows are what goes.
  @Test func pruneBeforeADateAndVacuumBringTheFileBackToItsSizeAfterTheImport() async throws {
    let sandbox = try CLISandbox()
    let lines = (0..<3_000).map {
      #"{"name":"Imported journey number \#($0) with a longer name","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    #expect(try await sandbox.run("import", "-", input: lines.joined(separator: "\n")).exitCode == 0)
    #expect(try await sandbox.run("db", "vacuum").exitCode == 0)
    let afterImport = sandbox.size(of: sandbox.databasePath)
    for _ in 0..<3 {
      #expect(try await sandbox.run("undo").exitCode == 0)
      #expect(try await sandbox.run("redo").exitCode == 0)
    }
    #expect(try sandbox.records().count == 3_000)
    let afterCycles = sandbox.size(of: sandbox.databasePath)
    let prune = try await sandbox.run("history", "prune", "--before", "2999-01-01", "--yes")
    #expect(prune.exitCode == 0, "\(prune)")
    let vacuum = try await sandbox.run("db", "vacuum")
    #expect(vacuum.exitCode == 0, "\(vacuum)")
    #expect(vacuum.standardError.hasPrefix("Compacted "), "\(vacuum)")
    #expect(sandbox.size(of: sandbox.databasePath) <= afterImport)
    #expect(sandbox.size(of: sandbox.databasePath) < afterCycles)
    #expect(try sandbox.records().count == 3_000)
    #expect(try await sandbox.run("undo").exitCode == 1)
    #expect(try await sandbox.run("db", "check").exitCode == 0)
  }
}
