import Foundation
import Testing
import JourneyStore

@Suite("roadtrip delete")
struct DeleteCommandTests {
  @Test func deletesOneJourneyWithoutAsking() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("delete", "bbbb")
    result.expectSuccess()
    #expect(result.standardOutput == "")
    #expect(Set(try sandbox.records().keys) == [SampleJourneys.coastID, SampleJourneys.runID])
  }

  @Test func refusesSeveralWithoutYesWhenNoTerminalCanAsk() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("delete", "aaaa1", "bbbb")
    result.expectExit(64)
    #expect(result.standardError == "roadtrip: error: refusing to delete 2 journeys without --yes, as no terminal can ask; add --yes\n")
    #expect(try sandbox.snapshot() == before)
  }

  @Test(arguments: ["--yes", "-y"])
  func deletesSeveralInOneTransactionWithYes(_ flag: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("delete", "-", flag, input: "aaaa1111\nbbbb3333-0000-4000-8000-000000000003\n\naaaa1\n")
    result.expectSuccess()
    #expect(Array(try sandbox.records().keys) == [SampleJourneys.runID])
    #expect(try sandbox.batchCount() == 2)
  }

  @Test func onATerminalItAsksAndYesDeletes() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["delete", "aaaa1", "aaaa2"], input: "y\n")
    result.expectSuccess()
    #expect(result.standardOutput.contains("Delete 2 journeys? [y/N] "))
    #expect(Array(try sandbox.records().keys) == [SampleJourneys.ferryID])
  }

  @Test func onATerminalAnythingButYesKeepsEverything() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.runInTerminal(["delete", "aaaa1", "aaaa2"], input: "n\n")
    result.expectExit(1)
    #expect(result.standardOutput.contains("Delete 2 journeys? [y/N] "))
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

/// Ids piped in while a person sits at the terminal: the question goes to the terminal.
@Suite("roadtrip delete with ids from a pipe")
struct DeleteFromPipeTests {
  /// Runs `printf IDS | roadtrip delete -` on a pseudo-terminal, typing `answer` at it.
  private func deleteFromPipe(_ sandbox: CLISandbox, answer: String) async throws -> CommandResult {
    let ids = SampleJourneys.idsByStart.joined(separator: "\\n")
    let command = "printf '\(ids)\\n' | '\(RoadtripBinary.path)' delete -"
    let result = try await Child.run(
      RoadtripBinary.script, RoadtripBinary.terminalArguments(command), environment: sandbox.environment,
      inputText: answer, in: sandbox.folder, error: FileHandle.nullDevice, timeout: nil)
    return CommandResult(
      standardOutput: result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n"), standardError: "",
      exitCode: result.exitCode)
  }

  @Test func itListsTheJourneysAndAsksOnTheTerminal() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let declined = try await deleteFromPipe(sandbox, answer: "n\n")
    declined.expectExit(1)
    #expect(declined.standardOutput.contains("  aaaa1111  2026-11-21 08:00:00+00:00  car  Coast road\n"), "\(declined)")
    #expect(declined.standardOutput.contains("Delete 3 journeys? [y/N] "))
    #expect(try sandbox.snapshot() == before)
    let accepted = try await deleteFromPipe(sandbox, answer: "y\n")
    accepted.expectSuccess()
    #expect(try sandbox.records().isEmpty)
  }
}
