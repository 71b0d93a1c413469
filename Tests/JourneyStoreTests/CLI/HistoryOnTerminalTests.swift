import Foundation
import Testing
@testable import JourneyStore
@testable import roadtrip

/// `history` for people: lines that fit the terminal's width, cut with an ellipsis and never
/// wrapped, durations as the table shows them; piped, nothing is cut.
@Suite("roadtrip history on a terminal")
struct HistoryOnTerminalTests {
  /// A sandbox whose log holds the samples' inserts, a long rename and a duration edit.
  private func editedSandbox() async throws -> CLISandbox {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let rename = try await sandbox.run("set", "aaaa1111", "name=The coast road along the sea, all the way to the lighthouse")
    let duration = try await sandbox.run("set", "aaaa1111", "duration=26h")
    let back = try await sandbox.run("set", "aaaa1111", "duration=21h")
    #expect(rename.exitCode == 0 && duration.exitCode == 0 && back.exitCode == 0, "\(rename) \(duration) \(back)")
    return sandbox
  }

  @Test(arguments: [50, 60, 80, 100, 120, 200])
  func linesFitTheTerminalWidth(_ columns: Int) async throws {
    let sandbox = try await editedSandbox()
    let piped = try await sandbox.run("history", "--format", "table")
    let result = try await sandbox.runInTerminal(["history"], environment: ["NO_COLOR": "1", "COLUMNS": "\(columns)", "PAGER": ""])
    result.expectSuccess()
    #expect(result.lines.count == piped.lines.count, "\(result)")
    #expect(result.lines.allSatisfy { $0.displayWidth <= columns }, "\(result)")
    #expect(result.lines.contains { $0.hasSuffix("…") }, "\(result)")
    #expect(result.lines.allSatisfy { $0.contains("#") }, "\(result)")
    if columns >= 100 {
      #expect(result.lines.contains { $0.contains("aaaa1111  The coast") }, "\(result)")
    }
    if columns >= 80 {
      #expect(result.lines.contains { $0.contains("1d 2h →") }, "\(result)")
    }
  }

  /// Piped, a line is never cut (not even a long name), and a duration reads as it does everywhere else for people.
  @Test func pipedLinesAreNeverCut() async throws {
    let sandbox = try await editedSandbox()
    let piped = try await sandbox.run(["history", "--format", "table"], environment: ["COLUMNS": "40"])
    #expect(piped.standardOutput.contains("The coast road along the sea, all the way to the lighthouse  update  name"), "\(piped)")
    #expect(piped.standardOutput.contains("'Coast road' → 'The coast road along the sea, all the way to the lighthouse'"), "\(piped)")
    #expect(piped.standardOutput.contains("1h 30m → 1d 2h  roadtrip set aaaa1111 duration=26h"), "\(piped)")
    #expect(!piped.standardOutput.contains("…") && !piped.standardOutput.contains("75600"), "\(piped)")
  }
}

/// `watch` for people: each change a line that fits the terminal, as `history` prints it.
@Suite("roadtrip watch on a terminal")
struct WatchOnTerminalTests {
  @Test func linesFitTheTerminalWidth() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(
      sandbox: sandbox, arguments: ["watch", "--count", "2"], inTerminal: true, environment: ["NO_COLOR": "1", "COLUMNS": "60"])
    defer { watch.stop() }
    for round in 0..<200 where watch.isRunning {
      try await sandbox.run("set", "aaaa1", "name=A long name for a journey along the coast, round \(round)")
        .expectSuccess()
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let lines = watch.output().replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
      .filter { $0.contains("#") }
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.allSatisfy { $0.displayWidth <= 60 && $0.hasSuffix("…") && $0.contains("update  name") }, "\(lines)")
  }
}
