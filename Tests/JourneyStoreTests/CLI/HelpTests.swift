import Foundation
import Testing
import JourneyStore

@Suite("Help and shell completion")
struct HelpTests {
  private static let commands = ["add", "list", "show", "set", "transport", "delete", "types", "db", "summary", "history", "watch"]

  @Test func rootHelpListsEveryCommandOnBufferedOutput() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("--help")
    result.expectSuccess()
    #expect(result.standardError == "")
    for command in Self.commands {
      #expect(result.standardOutput.contains("\n  \(command) ") || result.standardOutput.contains("\n  \(command), "), "\(command)")
    }
    let text = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("--db <path>"))
    #expect(text.contains("64 usage, 65 bad data or database, 66 no such journey, 73 cannot create the database"))
    #expect(text.contains("75 database locked (retry), 130 interrupted"))
  }

  @Test(arguments: [
    (["add", "--help"], ["--transport <type>", "(default: car)", "(default: now)", "(default: 1h)", "hired-car", "--db <path>"]),
    (["list", "--help"], ["--transport <type>", "--since <date>", "--until <date>", "--sort <fields>", "-FIELD sorts", "--limit", "ndjson", "--no-header", "--db <path>"]),
    (["help", "show"], ["card", "--format <format>", "--json", "--db <path>"]),
    (["set", "--help"], ["USAGE: roadtrip set ID... FIELD=VALUE...", "transportationType", "--db <path>"]),
    (["transport", "--help"], ["[TYPE | --next | --previous | --random]", "walk-or-run", "light-rail", "Shared Ride", "--db <path>"]),
    (["delete", "--help"], ["--yes", "--db <path>"]),
    (["undo", "--help"], ["--yes", "--force", "more than one journey", "asks first on the terminal; elsewhere it needs --yes"]),
    (["redo", "--help"], ["--yes", "--force", "more than one journey"]),
    (["sync", "--help"], ["roadtrip sync --new-remote <remote>", "never made again", "sending its own"]),
    (["types", "--help"], ["--format <format>", "--db <path>"]),
    (["db", "--help"], ["path", "check", "backup"]),
    (["db", "backup", "--help"], ["<file>", "--db <path>"]),
  ])
  func everyCommandHasHelpWithItsOptionsAndValues(_ arguments: [String], expected: [String]) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(arguments)
    result.expectSuccess()
    for text in expected {
      #expect(result.standardOutput.contains(text), "\(text)")
    }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsOfferTheCommandsAndTheTypes(_ shell: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("--generate-completion-script", shell)
    result.expectSuccess()
    let options = shell == "fish" ? ["'transport=+'", "'db='"] : ["--transport", "--db"]
    for word in Self.commands + TransportationType.allCases.map(\.rawValue) + options {
      #expect(result.standardOutput.contains(word), "\(word)")
    }
  }
}
