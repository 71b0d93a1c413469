import Foundation
import Testing
import JourneyStore

@Suite("roadtrip transport")
struct TransportCommandTests {
  @Test func setsTheTypeAndRecordsTheCommandLine() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("transport", "aaaa1", "Shared Ride")
    result.expectSuccess()
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "hired-car")
    #expect(try sandbox.origins().last == "roadtrip transport aaaa1 'Shared Ride'")
    #expect(try sandbox.changedFields(inBatch: 2) == [SampleJourneys.coastID: ["transportationType"]])
  }

  @Test func withNoTypeItPrintsTheCurrentOnes() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let one = try await sandbox.run("transport", "bbbb")
    one.expectSuccess()
    #expect(one.standardOutput == "bus\n")
    let several = try await sandbox.run("transport", "aaaa2", "aaaa1", "bbbb")
    #expect(several.lines == ["walk-or-run", "car", "bus"])
    let piped = try await sandbox.run("transport", "-", input: "bbbb3333\naaaa2222\n")
    #expect(piped.lines == ["bus", "walk-or-run"])
    #expect(try sandbox.batchCount() == 1)
  }

  @Test func settingTheTypeItAlreadyHasLeavesNoHistory() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("transport", "aaaa1", "car")
    result.expectSuccess()
    #expect(try sandbox.snapshot() == before)
  }

  @Test(arguments: [
    ("--next", ["hired-car", "skateboard", "light-rail"]),
    ("--previous", ["bike", "light-rail", "hired-car"]),
  ])
  func stepsThroughThePickersOrderForEachJourney(_ flag: String, expected: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("transport", "aaaa1", "aaaa2", "bbbb", flag)
    result.expectSuccess()
    let types = try [SampleJourneys.coastID, SampleJourneys.runID, SampleJourneys.ferryID].map {
      try sandbox.value("transportationType", of: $0)
    }
    #expect(types == expected)
    #expect(try sandbox.batchCount() == 2)
  }

  @Test func randomAlwaysChangesTheType() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    for _ in 0..<3 {
      let before = try sandbox.value("transportationType", of: SampleJourneys.coastID)
      let result = try await sandbox.run("transport", "aaaa1", "--random")
      result.expectSuccess()
      let after = try #require(try sandbox.value("transportationType", of: SampleJourneys.coastID))
      #expect(after != before)
      #expect(TransportationType(rawValue: after) != nil)
    }
  }

  @Test func pipedIdsChangeInOneTransaction() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let ids = try await sandbox.run("list", "--format", "ids", "--since", "2026-11-21")
    let result = try await sandbox.run("transport", "-", "bike", input: ids.standardOutput)
    result.expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
    #expect(try sandbox.value("transportationType", of: SampleJourneys.ferryID) == "bike")
    #expect(try sandbox.value("transportationType", of: SampleJourneys.runID) == "walk-or-run")
    #expect(try sandbox.batchCount() == 2)
    let empty = try await sandbox.run("transport", "-", "car", input: "")
    empty.expectSuccess()
    #expect(try sandbox.batchCount() == 2)
  }

  @Test(arguments: [
    (["aaaa1", "bicycle"], "'bicycle' is not a transportation type (did you mean 'bike'?); use one of: walk-or-run, skateboard, scooter, bike, car, hired-car, bus, light-rail"),
    (["aaaa1", "bike", "--next"], "give a type or --next, not both"),
    (["aaaa1", "--next", "--random"], "--next"),
    (["--next"], "name at least one journey"),
    (["-", "-", "bike"], "- reads ids from standard input once"),
    (["aaaa", "bike"], "the id prefix 'aaaa' is ambiguous"),
  ])
  func usageErrorsChangeNothing(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["transport"] + arguments)
    result.expectExit(64)
    #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(result)")
    #expect(result.standardError.contains(message), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func anUnknownIdIsExitCode66AndChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("transport", "aaaa1", "dddd", "bike")
    result.expectExit(66)
    #expect(try sandbox.snapshot() == before)
  }
}
