import Foundation
import Testing

/// How the command line reads what people type: names of commands, aliases, `--`, `--version`.
@Suite("The command line")
struct CommandLineTests {
  /// A value that starts with `-h` is no request for help: it fails, adds nothing, and says how
  /// to pass it; `--` passes it.
  @Test(arguments: ["-hello world", "-hx", "-ah"])
  func aValueStartingWithADashIsNotHelp(_ name: String) async throws {
    let sandbox = try CLISandbox()
    let refused = try await sandbox.run("add", name)
    refused.expectExit(64)
    #expect(refused.standardOutput == "")
    #expect(refused.standardError.contains("put -- before it: roadtrip add -- "), "\(refused)")
    #expect(!sandbox.exists(sandbox.databasePath))
    let added = try await sandbox.run("add", "--", name)
    added.expectSuccess()
    #expect(try sandbox.records().values.map { $0["name"]?.text } == [name])
  }

  @Test(arguments: [["add", "-h"], ["add", "--help"], ["help", "add"], ["add", "-help"]])
  func helpOnItsOwnIsHelp(_ arguments: [String]) async throws {
    let result = try await CLISandbox().run(arguments)
    result.expectSuccess()
    #expect(result.standardOutput.hasPrefix("OVERVIEW: Add a journey"))
  }

  @Test(arguments: [("lst", "list"), ("shwo", "show"), ("delte", "delete"), ("hist", "history")])
  func aMistypedCommandGetsASuggestion(_ typed: String, _ suggestion: String) async throws {
    let sandbox = try CLISandbox()
    for arguments in [[typed], ["--db", sandbox.databasePath, typed, "x"]] {
      let result = try await sandbox.run(arguments)
      result.expectExit(64)
      #expect(result.standardError == "roadtrip: error: '\(typed)' is not a roadtrip command (did you mean '\(suggestion)'?); 'roadtrip --help' lists the commands\n")
    }
  }

  @Test func aCommandNothingLikeAnyGetsNoSuggestion() async throws {
    let result = try await CLISandbox().run("frobnicate")
    result.expectExit(64)
    #expect(result.standardError.contains("'frobnicate' is not a roadtrip command; "))
  }

  @Test func lsAndRmAreAliases() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let listed = try await sandbox.run("ls", "--format", "ids")
    #expect(listed.lines.count == 3)
    try await sandbox.run("rm", SampleJourneys.coastID).expectSuccess()
    #expect(try await sandbox.run("ls", "--format", "ids").lines.count == 2)
  }

  @Test func versionPrintsTheVersion() async throws {
    let result = try await CLISandbox().run("--version")
    result.expectSuccess()
    #expect(result.standardOutput.split(separator: ".").count == 3)
  }
}
