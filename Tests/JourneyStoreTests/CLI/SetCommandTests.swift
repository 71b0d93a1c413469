import Foundation
import Testing
import JourneyStore

@Suite("roadtrip set")
struct SetCommandTests {
  @Test func setsEveryFieldInOneTransactionWritingOnlyWhatChanged() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(
      "set", "aaaa1", "bbbb", "name=Coast & ferry", "transport=bike", "start=2026-12-01T10:00:00Z", "duration=1:30:00")
    result.expectSuccess()
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
    for id in [SampleJourneys.coastID, SampleJourneys.ferryID] {
      let record = try #require(try sandbox.record(id))
      #expect(record["name"] == .string("Coast & ferry"))
      #expect(record["transportationType"] == .string("bike"))
      #expect(record["startDate"] == .string("2026-12-01T10:00:00Z"))
      #expect(record["duration"] == .number("5400"))
      #expect(record["endDate"] == .string("2026-12-01T11:30:00Z"))
    }
    #expect(try sandbox.value("name", of: SampleJourneys.runID) == "Morning run")
    #expect(try sandbox.batchCount() == 2)
    #expect(try sandbox.origins().last == "roadtrip set aaaa1 bbbb 'name=Coast & ferry' transport=bike start=2026-12-01T10:00:00Z duration=1:30:00")
    let fields = try sandbox.changedFields(inBatch: 2)
    // The coast road was 5400 seconds long already: its duration is not rewritten.
    #expect(fields[SampleJourneys.coastID] == ["name", "transportationType", "startDate"])
    #expect(fields[SampleJourneys.ferryID] == ["name", "transportationType", "startDate", "duration"])
  }

  @Test func anEditThatChangesNothingLeavesNoHistory() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("set", "aaaa1111", "name=Coast road", "duration=90m")
    result.expectSuccess()
    #expect(try sandbox.snapshot() == before)
  }

  @Test func withJSONItPrintsTheEditedJourneys() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("set", SampleJourneys.runID, "aaaa1", "duration=45m", "--json")
    result.expectSuccess()
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    #expect(array.map { $0["id"] as? String } == [SampleJourneys.runID, SampleJourneys.coastID])
    #expect(array.map { $0["duration"] as? Double } == [2700, 2700])
    #expect(array.first?["endDate"] as? String == "2026-11-20T07:15:00Z")
  }

  @Test func readsIdsFromStandardInputAndAppliesThemInOneTransaction() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let listed = try await sandbox.run("list", "--transport", "car", "--transport", "bus")
    let result = try await sandbox.run("set", "-", "name=Piped", input: listed.standardOutput)
    result.expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Piped")
    #expect(try sandbox.value("name", of: SampleJourneys.ferryID) == "Piped")
    #expect(try sandbox.value("name", of: SampleJourneys.runID) == "Morning run")
    #expect(try sandbox.batchCount() == 2)
  }

  @Test func nowIsOneInstantForEveryJourney() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("set", "aaaa1", "aaaa2", "bbbb", "start=now")
    result.expectSuccess()
    let starts = try SampleJourneys.idsByStart.map { try sandbox.value("startDate", of: $0) }
    #expect(Set(starts).count == 1)
  }

  @Test(arguments: [
    (["aaaa1", "durtion=5m"], "'durtion' is not a journey field (did you mean 'duration'?); the fields are: name, transportationType, startDate, duration"),
    (["aaaa1", "duration=-2h"], "'-2h' would make the duration negative; a duration is zero or more"),
    (["aaaa1", "transport=bicycle"], "'bicycle' is not a transportation type (did you mean 'bike'?)"),
    (["aaaa1", "start=someday"], "'someday' is not a date"),
    (["aaaa1", "endDate=2026-11-21"], "'2026-11-21' is before the journey's start (2026-11-21 08:00:00+00:00); give an end at or after it"),
    (["aaaa1", "id=aaaa"], "'id' cannot be set"),
    (["aaaa1", "name=a", "name=b"], "'name' is set twice"),
    (["aaaa1"], "nothing to set"),
    (["name=x"], "name at least one journey"),
    (["aaaa1", "name=x", "bbbb"], "'bbbb' is not FIELD=VALUE"),
    (["aaaa", "name=x"], "the id prefix 'aaaa' is ambiguous; it matches \(SampleJourneys.coastID) (Coast road), \(SampleJourneys.runID) (Morning run)"),
    (["aaa", "name=x"], "'aaa' is not a journey id; use the id, or at least its first 4 hexadecimal digits"),
  ])
  func usageErrorsChangeNothing(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["set"] + arguments)
    result.expectExit(64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("roadtrip: error: " + message), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func oneUnknownIdAmongSeveralChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("set", "aaaa1", "cccc", "name=Never")
    result.expectExit(66)
    #expect(result.standardError == "roadtrip: error: no journey has an id starting with 'cccc'; 'roadtrip list' shows the ids\n")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func onAMissingDatabaseNoJourneyMatchesAndNothingIsCreated() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("set", "abcd", "name=x")
    result.expectExit(66)
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}
