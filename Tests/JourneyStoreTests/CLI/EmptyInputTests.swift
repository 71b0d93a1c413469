import Foundation
import Testing

/// `-` with no ids on standard input names no journeys, for every command alike: nothing is
/// done and the command succeeds (as `xargs -r` runs nothing), printing an empty result: nothing,
/// or `[]` with `--json` (an array, as `-` always gives).
@Suite("Empty standard input")
struct EmptyInputTests {
  @Test(arguments: [
    (["show", "-"], ""), (["show", "-", "--json"], "[]\n"), (["show", "-", "--format", "ids"], ""),
    (["set", "-", "name=x"], ""), (["set", "-", "name=x", "--json"], "[]\n"),
    (["transport", "-", "bike"], ""), (["transport", "-"], ""), (["transport", "-", "--json"], "[]\n"),
    (["delete", "-"], ""), (["delete", "-", "--json"], "[]\n"),
  ])
  func namesNoJourneysAndSucceeds(_ arguments: [String], _ output: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    for input in ["", "\n\n"] {
      let result = try await sandbox.run(arguments, input: input)
      result.expectSuccess("\(arguments)")
      #expect(result.standardOutput == output, "\(arguments): \(result)")
      #expect(result.standardError == "", "\(arguments): \(result)")
    }
    #expect(try sandbox.snapshot() == before)
  }

  /// No id at all on the command line is still a usage error.
  @Test func noIdsOnTheCommandLineIsAUsageError() async throws {
    let result = try await CLISandbox().run("show")
    result.expectExit(64)
  }
}
