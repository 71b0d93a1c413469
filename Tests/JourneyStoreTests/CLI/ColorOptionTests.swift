import Foundation
import Testing
@testable import JourneyStore
@testable import roadtrip

/// `--color=auto|always|never` on every command that colours, as git and ls take it: `auto` (the
/// default) colours a terminal unless `NO_COLOR` is set; `always` colours piped output too,
/// whatever `NO_COLOR` says; `never` colours nothing.
@Suite("roadtrip --color")
struct ColorOptionTests {
  private static let escape = "\u{1B}["

  @Test(arguments: [
    ["list", "--format", "table"], ["show", "aaaa1"], ["types", "--format", "table"], ["summary", "--format", "table"],
    ["history", "--format", "table"],
    ["history", "show", "aaaa1", "--format", "table"],
  ])
  func alwaysColoursPipedOutputWhateverNoColorSays(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let always = try await sandbox.run(arguments + ["--color=always"], environment: ["NO_COLOR": "1"])
    #expect(always.exitCode == 0 && always.standardOutput.contains(Self.escape), "\(always)")
    let auto = try await sandbox.run(arguments + ["--color", "auto"])
    #expect(auto.exitCode == 0 && !auto.standardOutput.contains(Self.escape), "\(auto)")
  }

  @Test(arguments: [["list"], ["show", "aaaa1"], ["types"], ["history"]])
  func neverAndNoColorKeepATerminalPlain(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let auto = try await sandbox.runInTerminal(arguments, environment: ["NO_COLOR": nil, "TERM": "xterm", "PAGER": ""])
    #expect(auto.exitCode == 0 && auto.standardOutput.contains(Self.escape), "\(auto)")
    let never = try await sandbox.runInTerminal(arguments + ["--color=never"], environment: ["NO_COLOR": nil, "TERM": "xterm", "PAGER": ""])
    #expect(never.exitCode == 0 && !never.standardOutput.contains(Self.escape), "\(never)")
    #expect(!never.standardOutput.contains("╭"), "\(never)")
    let noColor = try await sandbox.runInTerminal(arguments, environment: ["NO_COLOR": "1", "TERM": "xterm", "PAGER": ""])
    #expect(noColor.exitCode == 0 && !noColor.standardOutput.contains(Self.escape), "\(noColor)")
  }

  @Test(arguments: ["sometimes", "", "ALWAYS", "yes"])
  func anUnknownChoiceIsAUsageError(_ value: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--color=\(value)")
    result.expectExit(64)
    #expect(result.standardError.contains("auto, always or never") || result.standardError.contains("'auto', 'always' or 'never'"), "\(result)")
    #expect(result.standardOutput.isEmpty, "\(result)")
  }

  /// Commands that print no colour take no `--color`.
  @Test func aCommandWithoutColourRefusesIt() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "--color=always")
    result.expectExit(64)
  }

  @Test(arguments: ["list", "show", "types", "summary", "history", "watch", "edit", "browse"])
  func helpShowsTheChoices(_ command: String) async throws {
    let result = try await CLISandbox().run(command, "--help")
    #expect(result.standardOutput.contains("--color <when>") && result.standardOutput.contains("always"), "\(result)")
  }
}
