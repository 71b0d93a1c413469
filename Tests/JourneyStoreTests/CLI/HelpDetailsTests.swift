import Foundation
import Testing

/// Help as a new user reads it (issue 39, item 16): sync's own options listed, its usage lines
/// one a line in the manual page, the page's ENVIRONMENT, FILES and EXAMPLES, history's usage
/// with --color, and a negative limit said for what it is.
@Suite("Help details")
struct HelpDetailsTests {
  @Test(arguments: [["help", "sync"], ["sync", "--help"], ["sync", "-h"]])
  func syncHelpListsItsOwnOptions(_ arguments: [String]) async throws {
    let result = try await CLISandbox().run(arguments, environment: ["COLUMNS": "100"]).expectSuccess()
    let options = try #require(result.standardOutput.components(separatedBy: "OPTIONS:\n").dropFirst().first, "\(result)")
    for option in ["--status", "--compact", "--secret-file <file>", "--new-remote <remote>", "-q, --quiet", "--json", "--db <path>"] {
      #expect(options.contains("  \(option)"), "\(option)\n\(result)")
    }
    #expect(result.standardOutput.contains("ARGUMENTS:\n  <remote>"), "\(result)")
    #expect(result.standardOutput.contains("SUBCOMMANDS:\n  conflicts"), "\(result)")
    #expect(!result.standardOutput.contains("\n\n\n"), "\(result)")
    #expect(result.standardOutput.components(separatedBy: "OPTIONS:").count == 2, "\(result)")
  }

  @Test func theManualPageHasItsSectionsAndOneUsageALine() async throws {
    let sandbox = try CLISandbox()
    let page = try await sandbox.run("generate-manual").expectSuccess().standardOutput
    for section in ["ENVIRONMENT", "FILES", "EXAMPLES"] {
      #expect(page.contains(".SH \(section)\n"), "\(section)")
    }
    #expect(page.contains(".TP\n\\fBROADTRIP_DB\\fR\n"))
    #expect(page.contains(".TP\n\\fBROADTRIP_BUSY_TIMEOUT\\fR\n"))
    let sync = try #require(page.components(separatedBy: ".SS \"roadtrip sync\"\n").dropFirst().first)
    #expect(sync.hasPrefix(
      "\\fBroadtrip sync [<remote>] [\\-\\-secret\\-file <file>] [\\-q] [\\-\\-db <path>]\\fR\n.br\n"
        + "\\fBroadtrip sync [<remote>] \\-\\-compact"), "\(sync.prefix(300))")
    let options = sync.components(separatedBy: "\n.SS ").first ?? ""
    for option in ["\\fB\\-\\-status\\fR", "\\fB\\-\\-compact\\fR", "\\fB\\-\\-secret\\-file\\fR"] {
      #expect(options.contains(option), "\(option)")
    }
    // Every example of the page is a command roadtrip takes.
    let examples = try #require(page.components(separatedBy: ".SH EXAMPLES\n").dropFirst().first?.components(separatedBy: ".SH ").first)
    #expect(examples.components(separatedBy: ".TP\n").count > 5)
  }

  @Test func historysUsageNamesColor() async throws {
    let result = try await CLISandbox().run("history", "--help").expectSuccess()
    let usage = try #require(result.standardOutput.firstMatch(of: /USAGE: (.*)/)?.1)
    #expect(usage.contains("[--color <when>]"), "\(usage)")
  }

  @Test(arguments: [
    (["list", "--limit", "-1"], "--limit takes a whole number (print at most this many journeys), not -1"),
    (["history", "--limit", "-1"], "--limit takes a whole number (print the changes of at most this many batches"),
    (["list", "--limit=-1"], "--limit is a number of journeys, 0 or more, not -1"),
    (["watch", "--count", "-2"], "--count takes a whole number (stop after printing the changes of this many batches"),
  ])
  func aNegativeNumberSaysWhatTheOptionCounts(_ arguments: [String], _ message: String) async throws {
    let result = try await CLISandbox().run(arguments)
    result.expectExit(64)
    #expect(result.standardError.contains(message), "\(result)")
  }
}
