import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// Every committed change to the journey table is in the log, whoever made it: the sqlite3 shell,
/// a real other program that knows nothing of roadtrip, writes the file here.
@Suite("Outside writers in the change log")
struct OutsideWriterLogTests {
  @Test func aShellUpdateIsInTheHistoryAndCanBeUndone() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3("UPDATE journey SET name = 'Shell rename' WHERE id = '\(SampleJourneys.coastID)'").expectSuccess("sqlite3")

    let history = try await sandbox.run("history", "--limit", "1")
    history.expectSuccess()
    let object = try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any]
    #expect(object?["command"] as? String == "outside roadtrip")
    #expect(object?["change"] as? String == "update")
    #expect(object?["old"] as? String == "Coast road")
    #expect(object?["new"] as? String == "Shell rename")

    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(undo.standardError.hasPrefix("Undid outside roadtrip (batch "), "\(undo)")
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road")
    try await sandbox.run("redo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Shell rename")
  }

  @Test func oneBatchPerStatementOfAnotherProgram() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.batchCount()
    try await sandbox.sqlite3("UPDATE journey SET duration = 60 WHERE id = '\(SampleJourneys.coastID)'").expectSuccess("sqlite3")
    try await sandbox.sqlite3("""
      BEGIN;
      INSERT INTO journey VALUES ('cccc4444-0000-4000-8000-000000000004', 'Ferry back', 'bus', 815000000, 600);
      DELETE FROM journey WHERE id = '\(SampleJourneys.ferryID)';
      UPDATE journey SET transportation_type = 'bike';
      COMMIT;
      """).expectSuccess("sqlite3")
    // A trigger cannot tell transactions apart: each statement is a batch of its own, and one
    // statement's rows are one batch.
    #expect(try sandbox.batchCount() == before + 4)
    let last = try sandbox.changedFields(inBatch: before + 4)
    #expect(Set(last.keys) == [SampleJourneys.coastID, SampleJourneys.runID, "cccc4444-0000-4000-8000-000000000004"])
    #expect(try sandbox.changedFields(inBatch: before + 3)[SampleJourneys.ferryID]
      == ["name", "transportationType", "startDate", "duration"])

    // Undo takes them back one statement at a time.
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "car")
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) != nil)
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.record("cccc4444-0000-4000-8000-000000000004") == nil)
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("duration", of: SampleJourneys.coastID) != "60")
  }

  @Test func anInsertOrReplaceIsADeleteAndAnInsertAndUndoPutsTheOldRowBack() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    // Python's sqlite3, as a sync tool would write: an upsert by REPLACE.
    let python = try await Child.run("/usr/bin/env", ["python3", "-c", """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], timeout=10)
      db.execute("INSERT OR REPLACE INTO journey VALUES (?, 'Replaced', 'bus', 0, 60)", (sys.argv[2],))
      db.commit()
      """, sandbox.databasePath, SampleJourneys.coastID], environment: sandbox.environment, in: sandbox.folder)
    python.expectSuccess()
    let history = try await sandbox.run("history", "--limit", "1", "--format", "json")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["change"] as? String } == ["insert", "delete", "delete", "delete", "delete"])
    #expect(objects.contains { $0["field"] as? String == "name" && $0["old"] as? String == "Coast road" })

    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(try sandbox.records() == before)
    try await sandbox.run("redo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Replaced")
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.records() == before)
  }

  @Test func undoOfAStartAndDurationSetTogetherPassesTheEndOfTheCalendar() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "start=9999-06-01T00:00:00Z", "duration=86400")
      .expectSuccess()
    try await sandbox.run("set", "aaaa1", "start=2026-01-01T00:00:00Z", "duration=157680000")
      .expectSuccess()
    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(try sandbox.value("startDate", of: SampleJourneys.coastID) == "9999-06-01T00:00:00Z")
  }

  @Test func watchPrintsAShellCommitAsItHappens() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--count", "1", "--format", "ndjson"])
    defer { watch.stop() }
    for round in 0..<100 where watch.isRunning {
      try await sandbox.sqlite3("UPDATE journey SET name = 'shell \(round)' WHERE id = '\(SampleJourneys.ferryID)'").expectSuccess("sqlite3")
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let line = watch.output().split(separator: "\n").first.map(String.init) ?? ""
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["command"] as? String == "outside roadtrip")
    #expect(object?["journey"] as? String == SampleJourneys.ferryID)
    #expect((object?["new"] as? String)?.hasPrefix("shell ") == true)
  }

  @Test func aManagedJourneyFollowsAShellUpdateAndItsObserversHear() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let journey = try #require(try database.journey(id: UUID(uuidString: SampleJourneys.coastID)!))
    let fired = Mutex(false)
    withObservationTracking { _ = journey.name } onChange: { fired.withLock { $0 = true } }
    try await sandbox.sqlite3("UPDATE journey SET name = 'Shell rename' WHERE id = '\(SampleJourneys.coastID)'").expectSuccess("sqlite3")
    let changes = try database.refresh()
    #expect(changes.map(\.origin) == ["outside roadtrip"])
    #expect(journey.name == "Shell rename")
    #expect(fired.withLock { $0 })
    try await sandbox.sqlite3("DELETE FROM journey WHERE id = '\(SampleJourneys.coastID)'").expectSuccess("sqlite3")
    #expect(try database.refresh().map(\.kind) == [.delete, .delete, .delete, .delete])
    #expect(try database.journey(id: UUID(uuidString: SampleJourneys.coastID)!) == nil)
  }
}
