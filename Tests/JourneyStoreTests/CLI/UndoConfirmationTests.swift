import Foundation
import Testing

@testable import JourneyStore

/// An undo or redo that changes more than one journey asks first on a terminal, and needs
/// `--yes` without one, as `delete` of several journeys does: a new replica's first sync brought
/// thousands of journeys, and one `undo` would have removed them from every machine unasked.
@Suite("roadtrip undo and redo of many journeys")
struct UndoConfirmationTests {
  /// Database `b` added one journey, synced, and received `count` journeys of `a`'s.
  static func replicaThatReceived(_ count: Int) async throws -> SyncCommandTests.Machines {
    let machines = try SyncCommandTests.Machines()
    let lines = (0..<count).map {
      #"{"name":"Trip \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try await machines.sandbox.run(
      ["import", "-"], input: lines.joined(separator: "\n"),
      environment: ["ROADTRIP_DB": machines.path("a")]
    ).expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "add", "Mine").expectSuccess()
    let received = try await machines.run("b", "sync", machines.remote)
    #expect(received.standardError.contains("\(count) journeys changed"), "\(received)")
    return machines
  }

  @Test func undoingASyncThatBroughtManyJourneysNeedsYesWithoutATerminal() async throws {
    let machines = try await Self.replicaThatReceived(300)
    let before = machines.sandbox.bytes(of: machines.path("b"))
    let refused = try await machines.run("b", "undo")
    refused.expectExit(64)
    #expect(
      refused.standardError.hasPrefix("roadtrip: error: refusing to undo the changes of batch "),
      "\(refused)")
    #expect(refused.standardError.contains("(sync from "), "\(refused)")
    #expect(
      refused.standardError.hasSuffix(
        " to 300 journeys without --yes, as no terminal can ask; add --yes\n"), "\(refused)")
    #expect(machines.sandbox.bytes(of: machines.path("b")) == before)
    let undone = try await machines.run("b", "undo", "--yes")
    undone.expectSuccess()
    #expect(undone.standardError.contains("300 added journeys removed"), "\(undone)")
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 1)
    // Its redo too.
    try await machines.run("b", "redo").expectExit(64)
    try await machines.run("b", "redo", "-y").expectSuccess()
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 301)
  }

  @Test func onATerminalItAsksAndOnlyYesUndoes() async throws {
    let machines = try await Self.replicaThatReceived(30)
    let before = machines.sandbox.bytes(of: machines.path("b"))
    let environment = ["ROADTRIP_DB": machines.path("b")]
    let declined = try await machines.sandbox.runInTerminal(
      ["undo"], input: "n\n", environment: environment)
    declined.expectExit(1)
    #expect(declined.standardOutput.contains("Undo the changes of batch "), "\(declined)")
    #expect(declined.standardOutput.contains(" to 30 journeys? [y/N] "), "\(declined)")
    #expect(declined.standardOutput.contains("roadtrip: error: nothing was undone"), "\(declined)")
    #expect(machines.sandbox.bytes(of: machines.path("b")) == before)
    let accepted = try await machines.sandbox.runInTerminal(
      ["undo"], input: "y\n", environment: environment)
    accepted.expectSuccess()
    #expect(accepted.standardOutput.contains("30 added journeys removed"), "\(accepted)")
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 1)
  }

  @Test func anUndoOfOneJourneyNeverAsks() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "name=Renamed").expectSuccess()
    try await sandbox.run("undo").expectSuccess()
    try await sandbox.run("redo").expectSuccess()
    // Two journeys in one command: asked.
    try await sandbox.run("set", "aaaa1", "aaaa2", "name=Both").expectSuccess()
    let refused = try await sandbox.run("undo")
    refused.expectExit(64)
    #expect(refused.standardError.contains(" to 2 journeys without --yes"), "\(refused)")
  }
}
