import Foundation
import Testing
import JourneyStore

@Suite("roadtrip delete")
struct DeleteCommandTests {
  @Test func deletesOneJourneyWithoutAsking() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("delete", "bbbb")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput == "")
    #expect(Set(try sandbox.records().keys) == [SampleJourneys.coastID, SampleJourneys.runID])
  }

  @Test func refusesSeveralWithoutYesWhenNoTerminalCanAsk() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("delete", "aaaa1", "bbbb")
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.standardError == "roadtrip: error: refusing to delete 2 journeys without --yes, as no terminal can ask; add --yes\n")
    #expect(try sandbox.snapshot() == before)
  }

  @Test(arguments: ["--yes", "-y"])
  func deletesSeveralInOneTransactionWithYes(_ flag: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("delete", "-", flag, input: "aaaa1111\nbbbb3333-0000-4000-8000-000000000003\n\naaaa1\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(Array(try sandbox.records().keys) == [SampleJourneys.runID])
    #expect(try sandbox.batchCount() == 2)
  }

  @Test func onATerminalItAsksAndYesDeletes() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["delete", "aaaa1", "aaaa2"], input: "y\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.standardOutput.contains("Delete these 2 journeys? [y/N] "))
    #expect(Array(try sandbox.records().keys) == [SampleJourneys.ferryID])
  }

  @Test func onATerminalAnythingButYesKeepsEverything() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.runInTerminal(["delete", "aaaa1", "aaaa2"], input: "n\n")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.standardOutput.contains("Delete these 2 journeys? [y/N] "))
    #expect(result.standardOutput.contains("roadtrip: error: nothing was deleted"))
    #expect(try sandbox.snapshot() == before)
  }

  @Test(arguments: [([String](["cccc"]), Int32(66)), (["aaaa"], 64), (["aaaa1", "cccc", "--yes"], 66), ([], 64)] as [([String], Int32)])
  func badIdsDeleteNothing(_ arguments: [String], code: Int32) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["delete"] + arguments)
    #expect(result.exitCode == code, "\(result)")
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(try sandbox.snapshot() == before)
  }
}
