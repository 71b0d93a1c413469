import Foundation
import Testing
@testable import JourneyStore

@Suite("roadtrip undo and redo")
struct UndoCommandTests {
  @Test func undoAndRedoAnEditSayingWhatTheyDid() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()

    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(undo.standardOutput.isEmpty)
    #expect(undo.standardError.hasPrefix("Undid roadtrip transport aaaa1 bike (batch 2, "))
    #expect(undo.standardError.hasSuffix("): 1 journey updated (transportationType).\n"))
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "car")

    let redo = try await sandbox.run("redo")
    redo.expectSuccess()
    #expect(redo.standardError.hasPrefix("Redid roadtrip transport aaaa1 bike (batch 2, "))
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
    #expect(try sandbox.origins().suffix(2) == ["roadtrip undo", "roadtrip redo"])

    let nothing = try await sandbox.run("redo")
    nothing.expectExit(1)
    #expect(nothing.standardError.hasPrefix("roadtrip: error: nothing to redo"))
  }

  /// Another program's replace of a journey by its own id is its delete and its insert in the
  /// log; undo gives the row its values back in place, and says so rather than "nothing left to
  /// change" (it said that, and did it).
  @Test func undoingAnotherProgramsReplaceOfAJourneySaysItUpdatedIt() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    try await sandbox.sqlite3("""
      INSERT OR REPLACE INTO journey (id, name, transportation_type, start_date, duration)
      SELECT id, 'Coast road again', 'bus', start_date, duration FROM journey
      WHERE id = '\(SampleJourneys.coastID)'
      """).expectSuccess("sqlite3")

    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(undo.standardError.hasPrefix("Undid outside roadtrip (batch "))
    #expect(undo.standardError.hasSuffix("): 1 journey updated (name, transportationType).\n"))
    #expect(try sandbox.records() == before)

    let redo = try await sandbox.run("redo")
    redo.expectSuccess()
    #expect(redo.standardError.hasSuffix("): 1 journey updated (name, transportationType).\n"))
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road again")
  }

  @Test func anImportIsUndoneAndRedoneAsOneUnit() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let lines = (0..<500).map {
      #"{"name":"Imported \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try await sandbox.run("import", "-", input: lines.joined(separator: "\n")).expectSuccess()
    let imported = try sandbox.records()

    let undo = try await sandbox.run("undo", "--yes")
    undo.expectSuccess()
    #expect(undo.standardError.contains("500 added journeys removed"), "\(undo)")
    #expect(try sandbox.records().count == 3)
    let redo = try await sandbox.run("redo", "--yes")
    #expect(redo.standardError.contains("500 journeys added again"), "\(redo)")
    #expect(try sandbox.records() == imported)
    try await sandbox.run("db", "check").expectSuccess()
  }

  /// Undoing a delete says it restored the journey, not that it inserted one.
  @Test func undoingADeleteSaysItRestoredTheJourney() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("delete", "bbbb").expectSuccess()
    let undo = try await sandbox.run("undo")
    #expect(undo.standardError.hasSuffix("): 1 deleted journey restored.\n"), "\(undo)")
    let redo = try await sandbox.run("redo")
    #expect(redo.standardError.hasSuffix("): 1 journey deleted again.\n"), "\(redo)")
  }

  @Test func undoRefusesToClobberAChangeMadeOutsideTheLogAndForceOverrides() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "name=Renamed").expectSuccess()
    // Another program writes the same field straight into the file with the log's triggers
    // dropped for the while, as a sync tool might: the log cannot explain the value.
    let python = try await Child.run("/usr/bin/env", ["python3", "-c", """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      sql = db.execute("SELECT sql FROM sqlite_schema WHERE name = 'journey_logs_update'").fetchone()[0]
      db.execute("DROP TRIGGER journey_logs_update")
      db.execute("UPDATE journey SET name = 'Edited elsewhere' WHERE id = ?", (sys.argv[2],))
      db.execute(sql)
      db.execute("COMMIT")
      """, sandbox.databasePath, SampleJourneys.coastID], environment: sandbox.environment, in: sandbox.folder)
    python.expectSuccess()
    let before = try sandbox.snapshot()

    let refused = try await sandbox.run("undo")
    refused.expectExit(1)
    #expect(refused.standardError.contains("name no longer holds what that command wrote (it is now 'Edited elsewhere')"))
    #expect(refused.standardError.hasSuffix("; 'roadtrip undo --force' overwrites them\n"))
    #expect(try sandbox.snapshot() == before)

    let forced = try await sandbox.run("undo", "--force")
    forced.expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road")
  }

  @Test func undoOnAnEmptyLogFailsAndCreatesNothing() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("undo")
    result.expectExit(1)
    #expect(result.standardError == "roadtrip: error: nothing to undo: the change log has no command left to undo; 'roadtrip history' shows the log\n")
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}
