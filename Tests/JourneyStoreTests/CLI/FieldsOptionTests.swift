import Foundation
import Testing
@testable import JourneyStore
@testable import roadtrip

/// `--fields id,name,…` on `list` and `export`: the keys and columns printed, in the order named,
/// as gh's `--json fields` chooses them; names, aliases and errors as `set` reads fields.
@Suite("roadtrip --fields")
struct FieldsOptionTests {
  @Test(arguments: [
    (["list", "--format", "tsv"], "aaaa2222-0000-4000-8000-000000000002\tMorning run\t1800"),
    (["list", "--format", "csv"], "id,name,duration\r\naaaa2222-0000-4000-8000-000000000002,Morning run,1800\r"),
    (["list", "--format", "ndjson"], #"{"id":"aaaa2222-0000-4000-8000-000000000002","name":"Morning run","duration":1800}"#),
    (["export", "--format", "ndjson"], #"{"id":"aaaa2222-0000-4000-8000-000000000002","name":"Morning run","duration":1800}"#),
    (["list", "--format", "table"], "ID        NAME         DURATION\naaaa2222  Morning run       30m"),
  ])
  func printsTheKeysNamedInTheirOrder(_ arguments: [String], expected: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seed([SampleJourneys.all[1]])
    let result = try await sandbox.run(arguments + ["--fields", "id,name,duration"])
    result.expectSuccess()
    #expect(result.standardOutput == expected + "\n", "\(result)")
  }

  @Test func aliasesCaseAndSpacesAreReadAsSetReadsThem() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--fields", "END, transport,ID", "--format", "csv", "--transport", "bus")
    #expect(result.standardOutput == "endDate,transportationType,id\r\n2026-11-22T12:10:00.5Z,bus,\(SampleJourneys.ferryID)\r\n", "\(result)")
    let json = try await sandbox.run("list", "--fields", "name", "--json", "--transport", "bus")
    #expect(json.standardOutput == "[\n  {\"name\":\"Ferry, \\\"the big one\\\"\"}\n]\n", "\(json)")
  }

  @Test func onATerminalTheChosenColumnsFit() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["list", "--fields", "start,name"], environment: ["NO_COLOR": "1", "COLUMNS": "30"])
    result.expectSuccess()
    #expect(result.lines.first?.hasPrefix("START                   NAME") == true, "\(result)")
    #expect(result.lines.allSatisfy { $0.displayWidth <= 30 }, "\(result)")
  }

  @Test(arguments: [
    (["list", "--fields", "nam"], "'nam' is not a journey key (did you mean 'name'?)"),
    (["list", "--fields", "endDat"], "did you mean 'endDate'?"),
    (["list", "--fields", "colour"], "the keys are: id, name, transportationType, startDate, duration, endDate"),
    (["list", "--fields", ""], "'' is not a journey key"),
    (["list", "--fields", "id,,name"], "'' is not a journey key"),
    (["list", "--fields", "id,name,ID"], "--fields names id more than once"),
    (["list", "--fields", "id", "--format", "ids"], "--format ids prints ids only"),
    (["export", "--fields", "idd"], "did you mean 'id'?"),
  ])
  func anUnknownOrRepeatedKeyIsAUsageError(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(arguments)
    result.expectExit(64)
    #expect(result.standardOutput.isEmpty && result.standardError.contains(message), "\(result)")
  }
}
