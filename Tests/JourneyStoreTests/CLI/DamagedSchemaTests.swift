import Foundation
import Testing
@testable import JourneyStore

/// Another program (the sqlite3 shell here) damages roadtrip's schema: writes are refused with 65
/// and nothing changes, `db check` names what is wrong, and the journeys can still be read.
@Suite("A damaged or tampered schema")
struct DamagedSchemaTests {
  @Test func aDroppedLogTriggerRefusesWritesAndDbCheckNamesIt() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3("DROP TRIGGER journey_logs_update").expectSuccess("sqlite3")
    let before = sandbox.bytes(of: sandbox.databasePath)

    let set = try await sandbox.run("set", "aaaa1", "name=Unlogged")
    set.expectExit(65)
    #expect(set.standardError.contains("'journey_logs_update' is missing"), "\(set)")
    #expect(set.standardError.contains("'roadtrip db check' lists what is wrong"), "\(set)")
    #expect(try sandbox.bytes(of: sandbox.databasePath) == before)
    try await sandbox.run("undo").expectExit(65)

    let export = try await sandbox.run("export")
    export.expectSuccess()
    #expect(export.lines.count == 3)
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("'journey_logs_update' is missing"), "\(check)")
  }

  /// A trigger another program replaced with one of the same name that logs nothing: roadtrip
  /// logs its own writes (the triggers are silent for them), but other programs' writes would go
  /// unlogged; `db check` names it.
  @Test func aChangedTriggerBodyIsNamedByDbCheck() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3("""
      DROP TRIGGER journey_logs_update;
      CREATE TRIGGER journey_logs_update AFTER UPDATE ON journey BEGIN SELECT 1; END;
      """).expectSuccess("sqlite3")
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("the trigger 'journey_logs_update' is not the one roadtrip wrote (its body was changed)"), "\(check)")
    let set = try await sandbox.run("set", "aaaa1", "name=Logged")
    set.expectSuccess()
    #expect(try await sandbox.run("history", "aaaa1", "--format", "ndjson").standardOutput.contains("\"new\":\"Logged\""))
  }

  /// Reading the log needs the log whole: `history` and `watch` refuse as writes do, and so does
  /// `db vacuum`, which would rewrite the file; the journeys can still be exported.
  @Test func aDroppedChangeTableRefusesWhatReadsTheLog() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3("DROP TABLE change").expectSuccess("sqlite3")
    let before = sandbox.bytes(of: sandbox.databasePath)
    for arguments in [["history"], ["watch", "--count", "1"], ["db", "vacuum"], ["undo"], ["set", "aaaa1", "name=x"]] {
      let result = try await sandbox.runBounded(arguments, timeout: .seconds(30))
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains("'change' is missing"), "\(arguments): \(result)")
      #expect(result.standardError.contains("'roadtrip db check' lists what is wrong"), "\(arguments): \(result)")
    }
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
    #expect(try await sandbox.run("export").lines.count == 3)
  }

  /// `db check` names a table another program dropped and exits 65, as for any damage, rather
  /// than failing on the first check that reads it; the file stays as it was.
  @Test(arguments: ["change", "batch", "sync_register"])
  func dbCheckNamesADroppedTable(table: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3("DROP TABLE \(table)").expectSuccess("sqlite3")
    let before = sandbox.bytes(of: sandbox.databasePath)
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("'\(table)' is missing"), "\(check)")
    #expect(check.standardOutput.contains("journeys: 3"), "\(check)")
    #expect(!check.standardError.contains("SQLite error"), "\(check)")
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
  }

  @Test func aResetUserVersionIsNotMigratedAgainAndSaysHowToRepair() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    for version in [0, 1] {
      try await sandbox.sqlite3("PRAGMA user_version = \(version)").expectSuccess("sqlite3")
      let before = sandbox.bytes(of: sandbox.databasePath)
      // A write upgrades an older file first: this one's tables say otherwise.
      let write = try await sandbox.run("transport", "aaaa1", "car")
      write.expectExit(65)
      #expect(write.standardError.contains("its user_version says \(version)"), "\(write)")
      #expect(write.standardError.contains("'PRAGMA user_version = \(Schema.currentVersion)' repairs it"), "\(write)")
      #expect(try sandbox.bytes(of: sandbox.databasePath) == before)
    }
    try await sandbox.sqlite3("PRAGMA user_version = \(Schema.currentVersion)").expectSuccess("sqlite3")
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "car")
  }

  @Test func batchIdsAreNeverReusedAfterTheBatchesAreDeleted() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    try await sandbox.sqlite3("DELETE FROM batch").expectSuccess("sqlite3")
    try await sandbox.run("set", "bbbb", "name=Ferry home").expectSuccess()
    // The new batch gets a new id: the orphan rows of the deleted batches are not adopted, and
    // undo reverts only what the set did.
    try await sandbox.run("undo").expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) != "Ferry home")
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
    let check = try await sandbox.run("db", "check")
    check.expectExit(65, "orphan rows of the log are damage")
    #expect(check.standardOutput.contains("refers to a missing row of batch"), "\(check)")
  }
}

/// Values another program stored that the model cannot hold are never written over by an edit
/// of another field.
@Suite("Values written by other programs")
struct ForeignValueTests {
  /// The sample journeys, the first with a type roadtrip does not know (`rocket`), stored by the
  /// sqlite3 shell past the CHECK constraint.
  static func sandboxWithARocket() async throws -> CLISandbox {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let shell = try await sandbox.sqlite3("""
      PRAGMA ignore_check_constraints = ON;
      UPDATE journey SET transportation_type = 'rocket' WHERE id = '\(SampleJourneys.coastID)';
      """)
    shell.expectSuccess()
    return sandbox
  }

  @Test func anEditOfTheNameLeavesAnUnknownTypeAsItIs() async throws {
    let sandbox = try await Self.sandboxWithARocket()
    let set = try await sandbox.run("set", "aaaa1", "name=Moon road")
    set.expectSuccess()
    let row = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
      .firstValue("SELECT transportation_type || '|' || name FROM journey WHERE id = ?", [.text(SampleJourneys.coastID)])
    #expect(row == .text("rocket|Moon road"))
    let history = try await sandbox.run("history", "--limit", "1")
    #expect(history.standardOutput.contains(#""field":"name""#), "\(history)")
    // Undo sets the name back, and leaves the type alone.
    try await sandbox.run("undo").expectSuccess()
    let undone = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
      .firstValue("SELECT transportation_type || '|' || name FROM journey WHERE id = ?", [.text(SampleJourneys.coastID)])
    #expect(undone == .text("rocket|Coast road"))
  }

  /// An edit computed from a value the model cannot hold would start from the default read in its
  /// place (`--next` after 'rocket' gave `hired-car`, the type after the default car): refused
  /// with 65, nothing written; a new value for the field repairs it.
  @Test func anEditThatReadsAValueTheModelCannotHoldIsRefused() async throws {
    let sandbox = try await Self.sandboxWithARocket()
    let rows = {
      try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5)).firstValue(
        "SELECT group_concat(id || name || transportation_type || start_date || duration, ';') FROM journey")
    }
    let before = try rows()
    for arguments in [["transport", "aaaa1", "--next"], ["transport", "aaaa1", "--random"], ["transport", "aaaa1", "bbbb", "--previous"]] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains("holds a transportationType roadtrip cannot read ('rocket'"), "\(result)")
      #expect(try rows() == before, "\(arguments)")
    }
    try await sandbox.run("set", "aaaa1", "start=+1d", "duration=+15m").expectSuccess()
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
  }

  /// A name whose bytes are not UTF-8 was listed and exported with U+FFFD in their place: it is
  /// left out and named as any value the model cannot hold (the others are printed, exit 65),
  /// and `db check` names it.
  @Test func aNameThatIsNotUTF8IsRefusedNeverRepairedInSilence() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let shell = try await sandbox.sqlite3(
      "UPDATE journey SET name = CAST(x'41ff42c3' AS TEXT) WHERE id = '\(SampleJourneys.coastID)'")
    shell.expectSuccess()
    for (arguments, lines) in [(["list"], 2), (["export"], 2), (["export", "--format", "csv"], 3), (["show", "aaaa1"], 0)] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains("holds a name roadtrip cannot read (text of 4 bytes that are not UTF-8"), "\(result)")
      #expect(!result.standardOutput.contains("\u{FFFD}") && !result.standardOutput.contains("\\ufffd"), "\(result)")
      let printed = result.standardOutput.split(whereSeparator: \.isNewline)
      #expect(printed.count == lines && !result.standardOutput.contains(SampleJourneys.coastID), "\(arguments): \(result)")
    }
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("journey \(SampleJourneys.coastID) holds a name"), "\(check)")
    try await sandbox.run("set", "aaaa1", "name=Coast road").expectSuccess()
    try await sandbox.run("export").expectSuccess()
  }

  /// Undo puts back the very bytes another program stored, even when they are not UTF-8: the log
  /// keeps them as TEXT, and they are written back as TEXT (not repaired, not refused as a BLOB).
  @Test func undoPutsBackANameThatIsNotUTF8ByteForByte() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.sqlite3(
    "UPDATE journey SET name = CAST(x'41ff42c3' AS TEXT) WHERE id = '\(SampleJourneys.coastID)'")
      .expectSuccess()
    let stored = {
      try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5)).firstValue(
        "SELECT typeof(name) || ' ' || hex(name) FROM journey WHERE id = ?", [.text(SampleJourneys.coastID)])
    }
    #expect(try stored() == .text("text 41FF42C3"))
    try await sandbox.run("set", "aaaa1", "name=Fixed").expectSuccess()
    #expect(try stored() == .text("text 4669786564"))
    let undo = try await sandbox.run("undo")
    undo.expectSuccess()
    #expect(try stored() == .text("text 41FF42C3"))
    let redo = try await sandbox.run("redo")
    redo.expectSuccess()
    #expect(try stored() == .text("text 4669786564"))
  }

  /// A value another program stored past the CHECK constraints, kept by the log: an undo that
  /// would put it back says so, with 65, and changes nothing (it failed with SQLite's text, 1).
  @Test(arguments: [["delete", SampleJourneys.coastID, "--yes"], ["transport", SampleJourneys.coastID, "bike"]])
  func anUndoThatWouldPutBackARefusedValueSaysSoAndChangesNothing(_ command: [String]) async throws {
    let sandbox = try await Self.sandboxWithARocket()
    let edit = try await sandbox.run(command)
    edit.expectSuccess()
    let logged = { try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5)).firstValue("SELECT count(*) FROM change") }
    let before = try logged()
    let listed = try await sandbox.run("list", "--format", "ndjson")
    let undo = try await sandbox.run("undo")
    undo.expectExit(65)
    #expect(undo.standardError.contains("journey \(SampleJourneys.coastID)'s transportationType 'rocket', which the database refuses"), "\(undo)")
    #expect(undo.standardError.contains("nothing was changed"), "\(undo)")
    #expect(try logged() == before)
    #expect(try await sandbox.run("list", "--format", "ndjson").standardOutput == listed.standardOutput)
  }

  /// An id in capitals was listed, then not found by `show`, `set` or `delete`: named with the
  /// SQL that repairs it, by the reads that leave it out (exit 65, the others printed) and by
  /// the commands that name it.
  @Test func anIdInCapitalsIsRefusedWithItsRepair() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let upper = SampleJourneys.coastID.uppercased()
    let shell = try await sandbox.sqlite3("""
      PRAGMA ignore_check_constraints = ON;
      UPDATE journey SET id = upper(id) WHERE id = '\(SampleJourneys.coastID)';
      """)
    shell.expectSuccess()
    let commands = [["list"], ["export"], ["list", "--format", "table"], ["summary"], ["show", "aaaa1"], ["set", upper, "name=x"]]
    for arguments in commands {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains("journey '\(upper)' has an id roadtrip does not write"), "\(arguments): \(result)")
      #expect(result.standardError.contains("UPDATE journey SET id = lower(id) WHERE id <> lower(id)"), "\(result)")
      #expect(!result.standardOutput.contains(upper), "\(arguments): \(result)")
    }
    #expect(try await sandbox.run("list").lines.count == 2)
    try await sandbox.sqlite3("UPDATE journey SET id = lower(id) WHERE id <> lower(id)")
      .expectSuccess()
    try await sandbox.run("list").expectSuccess()
  }

  /// A duration below zero, infinite, or ending after the year 9999 (another program stored it
  /// past the CHECK constraints) was listed and exported (`"duration":"inf"`, `"endDate":"1e+300"`,
  /// which import refuses): refused by name.
  @Test(arguments: ["-1", "9e999", "1e300"])
  func aDurationOutsideTheCalendarIsRefusedByName(_ duration: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let shell = try await sandbox.sqlite3("""
      PRAGMA ignore_check_constraints = ON;
      UPDATE journey SET duration = \(duration) WHERE id = '\(SampleJourneys.coastID)';
      """)
    shell.expectSuccess()
    for arguments in [["list"], ["export"], ["show", "aaaa1"], ["list", "--format", "table"]] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(duration) \(arguments)")
      #expect(result.standardError.contains("holds a duration roadtrip cannot read"), "\(result)")
    }
    let check = try await sandbox.run("db", "check")
    #expect(check.standardOutput.contains("journey \(SampleJourneys.coastID) holds a duration"), "\(check)")
  }

  /// A value the model cannot hold is shown in the history as it is stored, never as nothing.
  @Test func historyShowsAnotherProgramsValueAsStored() async throws {
    let sandbox = try await Self.sandboxWithARocket()
    let history = try await sandbox.run("history", "--limit", "1", "--format", "ndjson")
    history.expectSuccess()
    #expect(history.standardOutput.contains(#""new":"rocket""#), "\(history)")
  }

  /// A journey holding a value the model cannot hold is named with its repair, never shown with
  /// a default in its place; the others are printed, with 65 at the end.
  @Test func aValueTheModelCannotHoldIsRefusedByNameNeverShownAsADefault() async throws {
    let sandbox = try await Self.sandboxWithARocket()
    for (arguments, lines) in [(["list"], 2), (["show", "aaaa1"], 0), (["export"], 2), (["list", "--format", "table"], 3)] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.lines.count == lines, "\(arguments): \(result)")
      #expect(result.standardError.contains("journey \(SampleJourneys.coastID) holds a transportationType roadtrip cannot read ('rocket'"), "\(result)")
      #expect(result.standardError.contains("'roadtrip set aaaa1111 transportationType=…' repairs it"), "\(result)")
      #expect(!result.standardOutput.contains("Car"), "no default shown in its place: \(result)")
    }
    let check = try await sandbox.run("db", "check")
    check.expectExit(65)
    #expect(check.standardOutput.contains("journey \(SampleJourneys.coastID) holds a transportationType roadtrip cannot read"), "\(check)")
    try await sandbox.run("set", "aaaa1", "transport=bus").expectSuccess()
    try await sandbox.run("list").expectSuccess()
    try await sandbox.run("db", "check").expectSuccess()
  }
}
