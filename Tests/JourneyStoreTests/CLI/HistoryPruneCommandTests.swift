import Foundation
import Testing
@testable import JourneyStore

/// `history prune` and `db vacuum`: the log can shrink, and undo stops where it was cut.
@Suite("roadtrip history prune and db vacuum")
struct HistoryPruneCommandTests {
  @Test func pruneNeedsYesWithoutATerminalAndChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    let before = sandbox.bytes(of: sandbox.databasePath)
    let result = try await sandbox.run("history", "prune", "--keep", "1")
    result.expectExit(64)
    #expect(result.standardError.contains("without --yes"), "\(result)")
    #expect(try sandbox.bytes(of: sandbox.databasePath) == before)
    try await sandbox.run("history", "prune", "--yes").expectExit(64)
    try await sandbox.run("history", "prune", "--keep", "0", "--yes").expectExit(64)
  }

  @Test func undoStopsAtThePrunedLogAndSaysWhy() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    try await sandbox.run("set", "bbbb", "name=Ferry home").expectSuccess()
    let prune = try await sandbox.run("history", "prune", "--keep", "1", "--yes")
    prune.expectSuccess()
    #expect(prune.standardError.hasPrefix("Dropped 2 batches"), "\(prune)")

    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) != "Ferry home")
    let snapshot = try sandbox.snapshot()
    let refused = try await sandbox.run("undo")
    refused.expectExit(1)
    #expect(refused.standardError.contains("the change log was pruned, or a backup restored, before batch 3"), "\(refused)")
    #expect(try sandbox.snapshot() == snapshot)
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")

    // What was kept can still be redone, and history lists only what was kept.
    try await sandbox.run("redo").expectSuccess()
    let history = try await sandbox.run("history")
    #expect(!history.standardOutput.contains("\"batch\":1,"), "\(history)")
    #expect(!history.standardOutput.contains("\"batch\":2,"), "\(history)")
  }

  /// The import's log is a range (two rows), so the file comes back to its size after the import;
  /// the undos' and redos' log rows are what goes.
  @Test func pruneBeforeADateAndVacuumBringTheFileBackToItsSizeAfterTheImport() async throws {
    let sandbox = try CLISandbox()
    let afterImport = try await Self.importThenCycleThreeTimes(in: sandbox)
    #expect(try sandbox.records().count == 3_000)
    let afterCycles = sandbox.size(of: sandbox.databasePath)
    let prune = try await sandbox.run("history", "prune", "--before", "2999-01-01", "--yes")
    prune.expectSuccess()
    let vacuum = try await sandbox.run("db", "vacuum")
    vacuum.expectSuccess()
    #expect(vacuum.standardError.hasPrefix("Compacted "), "\(vacuum)")
    #expect(sandbox.size(of: sandbox.databasePath) <= afterImport)
    #expect(sandbox.size(of: sandbox.databasePath) < afterCycles)
    #expect(try sandbox.records().count == 3_000)
    try await sandbox.run("undo").expectExit(1)
    try await sandbox.run("db", "check").expectSuccess()
  }

  /// A redo of a range is a range: after undo and redo cycles of an import, `prune --keep 1`
  /// keeps the last redo, whose log becomes a range of its inserts (two rows) rather than the
  /// undo's rows it was derived from (every value of every journey); the file comes back to
  /// about its size after the import, and the redo can still be undone and redone.
  @Test func pruneKeepingTheLastRedoOfAnImportKeepsARangeAndNoValues() async throws {
    let sandbox = try CLISandbox()
    let afterImport = try await Self.importThenCycleThreeTimes(in: sandbox)
    try await sandbox.run("history", "prune", "--keep", "1", "--yes").expectSuccess()
    try await sandbox.run("db", "vacuum").expectSuccess()
    // One range and one row (its last journey's) for the kept redo: no journey's values.
    let log = try await sandbox.sqlite3(
      "SELECT (SELECT count(*) FROM batch), (SELECT count(*) FROM change), "
        + "(SELECT count(*) FROM change WHERE old_name IS NOT NULL), (SELECT sum(journeys) FROM change_range)")
    log.expectSuccess()
    #expect(log.standardOutput == "1|1|0|2999\n", "\(log)")
    #expect(sandbox.size(of: sandbox.databasePath) <= afterImport * 12 / 10)
    try await sandbox.run("db", "check").expectSuccess()
    let history = try await sandbox.run("history", "--format", "json")
    history.expectSuccess()
    #expect(history.standardOutput.components(separatedBy: "\"change\":\"insert\"").count - 1 == 3_000)
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records().isEmpty)
    try await sandbox.run("redo", "--yes").expectSuccess()
    #expect(try sandbox.records().count == 3_000)
  }

  /// Imports 3,000 journeys (logged as a range), compacts the file, then undoes and redoes the
  /// import three times.
  /// - Returns: The file's size after the import.
  static func importThenCycleThreeTimes(in sandbox: CLISandbox) async throws -> Int {
    let lines = (0..<3_000).map {
      #"{"name":"Imported journey number \#($0) with a longer name","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try await sandbox.run("import", "-", input: lines.joined(separator: "\n")).expectSuccess()
    try await sandbox.run("db", "vacuum").expectSuccess()
    let afterImport = sandbox.size(of: sandbox.databasePath)
    for _ in 0..<3 {
      try await sandbox.run("undo", "--yes").expectSuccess()
      try await sandbox.run("redo", "--yes").expectSuccess()
    }
    return afterImport
  }
}
