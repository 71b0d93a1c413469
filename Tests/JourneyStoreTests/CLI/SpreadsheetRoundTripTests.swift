import Foundation
import Testing

/// A spreadsheet round trip (issue 39, items 2, 6 and 7): `export --spreadsheet`, what a
/// spreadsheet makes of it, and `import` back, with what import says of local times and what a
/// dry run shows, field by field.
@Suite("Spreadsheet round trips")
struct SpreadsheetRoundTripTests {
  static let paris: [String: String?] = ["TZ": "Europe/Paris"]

  @Test func exportSpreadsheetWritesLocalDatesSpansAndNoFormula() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("add", "=1+1", "--start", "2026-11-23T10:00:00Z", "--duration", "30h5m7s").expectSuccess()
    try await sandbox.run("add", "'quoted", "--start", "2026-11-23T12:00:00Z").expectSuccess()
    let result = try await sandbox.run(["export", "--spreadsheet"], environment: Self.paris).expectSuccess()
    #expect(result.standardError.contains("roadtrip: wrote dates in local time, Europe/Paris"), "\(result)")
    // CSV ends its records with CRLF, which Swift reads as one character.
    let lines = result.standardOutput.components(separatedBy: "\r\n")
    #expect(lines.first == "id,name,transportationType,startDate,duration,endDate")
    #expect(lines.contains("\(SampleJourneys.coastID),Coast road,car,2026-11-21 09:00:00,1:30:00,2026-11-21 10:30:00"))
    #expect(lines.contains { $0.hasSuffix(",'=1+1,car,2026-11-23 11:00:00,30:05:07,2026-11-24 17:05:07") }, "\(result)")
    #expect(lines.contains { $0.contains(",''quoted,car,") }, "\(result)")
    // The exact formats stay as they were.
    let plain = try await sandbox.run(["export", "--format", "csv"], environment: Self.paris).expectSuccess()
    #expect(plain.standardOutput.contains("Coast road,car,2026-11-21T08:00:00Z,5400,2026-11-21T09:30:00Z"))
    let refused = try await sandbox.run("export", "--spreadsheet", "--format", "json")
    refused.expectExit(64)
  }

  @Test func importSpreadsheetReadsItBackInTheSameZone() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("add", "=1+1", "--start", "2026-11-23T10:00:00Z", "--duration", "45m").expectSuccess()
    let before = try sandbox.records()
    let path = sandbox.folder.file("sheet.csv")
    try await sandbox.run(["export", "--spreadsheet", "-o", path], environment: Self.paris).expectSuccess()
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run(["import", "--spreadsheet", path, "--db", copy], environment: Self.paris)
    imported.expectSuccess()
    #expect(imported.standardError.contains("roadtrip: read dates without an offset as local time, Europe/Paris"), "\(imported)")
    let after = try sandbox.records(at: copy)
    #expect(after.keys.sorted() == before.keys.sorted())
    for (id, record) in before {
      #expect(after[id]?["name"]?.text == record["name"]?.text)
      #expect(after[id]?["startDate"]?.text == record["startDate"]?.text)
    }
    // The ferry's 600.5 s are to the second in a spreadsheet.
    #expect(after[SampleJourneys.ferryID]?["duration"]?.text == "601")
  }

  /// The round trip: a CSV whose `Z` a spreadsheet removed, imported with `replace`,
  /// moves every start; import names the zone it read them in, and a dry run shows each move.
  @Test func aDryRunShowsEachChangeFieldByFieldAndImportNamesTheZone() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let csv = try await sandbox.run("export", "--format", "csv").expectSuccess().standardOutput
      .replacingOccurrences(of: "Z,", with: ",").replacingOccurrences(of: "Z\r", with: "\r")
    let path = sandbox.folder.file("edited.csv")
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    let before = try sandbox.snapshot()
    let dryRun = try await sandbox.run(["import", path, "--on-conflict", "replace", "--dry-run"], environment: Self.paris)
    dryRun.expectSuccess()
    #expect(try sandbox.snapshot() == before)
    #expect(dryRun.standardError.contains("roadtrip: read dates without an offset as local time, Europe/Paris (TZ chooses another zone)"))
    #expect(dryRun.standardError.contains("Would import 0 journeys (3 replaced); nothing was written."), "\(dryRun)")
    #expect(dryRun.lines.contains("update  aaaa1111  Coast road"), "\(dryRun)")
    #expect(dryRun.lines.contains("          startDate  2026-11-21 09:00:00+01:00 → 2026-11-21 08:00:00+01:00"), "\(dryRun)")
    #expect(dryRun.lines.count == 6, "\(dryRun)")
    // In UTC, the zone the dates were written in, nothing moves.
    let utc = try await sandbox.run(["import", path, "--on-conflict", "replace", "--dry-run"])
    #expect(utc.standardError.contains("Would import 0 journeys (3 unchanged)"), "\(utc)")
    #expect(utc.standardOutput == "")
  }

  @Test func aDryRunListsTheFirstJourneysAndCountsTheRest() async throws {
    let sandbox = try CLISandbox()
    let lines = (0..<25).map { "{\"name\":\"Trip \($0)\",\"transportationType\":\"bus\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}" }
    let result = try await sandbox.run(["import", "--dry-run"], input: lines.joined(separator: "\n") + "\n")
    result.expectSuccess()
    #expect(result.lines.count == 21, "\(result)")
    #expect(result.lines.first?.hasPrefix("add     ") == true)
    #expect(result.lines.first?.hasSuffix("  Trip 0") == true)
    #expect(result.lines.last == "… and 5 more journeys")
    #expect(!result.standardError.contains("local time"))
  }

  /// `export --fields id,name`, edit, `import --on-conflict update`: the names change, nothing else.
  @Test func updateChangesOnlyTheColumnsTheFileHas() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let exported = try await sandbox.run("export", "--fields", "id,name", "--format", "csv").expectSuccess()
    let renamed = exported.standardOutput.replacingOccurrences(of: "Coast road", with: "\"Coast road, day 2\"")
    let before = try sandbox.records()
    let refused = try await sandbox.run(["import", "--format", "csv", "--on-conflict", "replace"], input: renamed)
    refused.expectExit(65)
    let dryRun = try await sandbox.run(["import", "--format", "csv", "--on-conflict", "update", "--dry-run"], input: renamed)
    dryRun.expectSuccess()
    #expect(dryRun.standardOutput == "update  aaaa1111  Coast road, day 2\n          name  'Coast road' → 'Coast road, day 2'\n", "\(dryRun)")
    let result = try await sandbox.run(["import", "--format", "csv", "--on-conflict", "update"], input: renamed)
    result.expectSuccess()
    #expect(result.standardError.hasPrefix("Imported 0 journeys (1 updated, 2 unchanged)"), "\(result)")
    let after = try sandbox.records()
    #expect(after[SampleJourneys.coastID]?["name"]?.text == "Coast road, day 2")
    for id in [SampleJourneys.coastID, SampleJourneys.runID, SampleJourneys.ferryID] {
      for key in ["transportationType", "startDate", "duration"] {
        #expect(after[id]?[key] == before[id]?[key], "\(id) \(key)")
      }
    }
    #expect(try sandbox.changedFields(inBatch: try sandbox.batchCount()) == [SampleJourneys.coastID: ["name"]])
  }

  @Test func updateRefusesAPartialJourneyThatIsNotThereAndAddsAWholeOne() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let partial = "id,name\r\n0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001,New\r\n"
    let refused = try await sandbox.run(["import", "--format", "csv", "--on-conflict", "update"], input: partial)
    refused.expectExit(65)
    #expect(refused.standardError.contains(
      "line 2: no journey has the id 0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001 to update, and a new journey needs 'transportationType', 'startDate', 'duration' too"),
      "\(refused)")
    #expect(try sandbox.snapshot() == before)
    let whole = "{\"id\":\"0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001\",\"transportationType\":\"bus\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}\n"
      + "{\"id\":\"\(SampleJourneys.ferryID)\",\"duration\":\"1h\"}\n"
    let added = try await sandbox.run(["import", "--on-conflict", "update"], input: whole)
    added.expectSuccess()
    #expect(try sandbox.value("name", of: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001") == "")
    #expect(try sandbox.value("duration", of: SampleJourneys.ferryID) == "3600")
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) == "Ferry, \"the big one\"")
  }
}
