import Foundation
import Testing

/// Mistakes below the top level get what the top level gets: a usage error (64) that says what
/// was meant, and nothing written.
@Suite("Typos and help below the top level")
struct CommandTypoTests {
  @Test(arguments: [
    (["db", "chek"], "'chek' is not a command of 'roadtrip db' (did you mean 'check'?); the commands are: path, check,"),
    (["history", "prun", "--keep", "5"], "'prun' is neither a journey id nor a command of 'roadtrip history' (did you mean 'prune'?)"),
    (["help", "lst"], "'lst' is not a roadtrip command (did you mean 'list'?); 'roadtrip help' lists the commands"),
    (["help", "db", "bakup"], "'bakup' is not a command of 'roadtrip db' (did you mean 'backup'?)"),
    (["version"], "'version' is not a roadtrip command; 'roadtrip --version' prints the version"),
    (["add", "Coast", "road"], "a name of several words goes in quotes, or the shell passes each word apart: roadtrip add \"Coast road\""),
    (["add", "Bob's", "ride"], "a name of several words goes in quotes, or the shell passes each word apart: roadtrip add \"Bob's ride\""),
    (["add", "Ride", "for", "$5"], "roadtrip add 'Ride for $5'"),
    (["add"], "a journey needs a name: roadtrip add NAME"),
    (["add", "x", "--transport", "run"], "'run' is not a transportation type (did you mean 'walk-or-run'?)"),
    (["history", "prune", "--keep", "5", "--before", "today"], "--keep and --before each say what to keep; give one of them, not both"),
    (["history", "prune", "--keep", "5", "--limit", "3"], "--limit, --since, --until, --on, --format and --json are options of 'roadtrip history'"),
  ])
  func isAUsageErrorThatSaysWhatWasMeant(_ arguments: [String], _ message: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(arguments)
    result.expectExit(64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(result.standardError.contains(message), "\(result)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  /// A word that may be a journey's id still goes to `history` as one.
  @Test func historyStillTakesAnIdAndItsOldSpelling() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let byID = try await sandbox.run("history", "bbbb", "--format", "ndjson")
    byID.expectSuccess()
    #expect(byID.lines.count == 1)
    let show = try await sandbox.run("history", "show", "bbbb", "--limit", "1", "--json")
    show.expectSuccess()
    #expect(show.lines.count == 3)
    let help = try await sandbox.run("help", "history")
    help.expectSuccess()
  }

  /// `history --help` shows its own options, and `prune` as its command.
  @Test func historyHelpShowsItsOptions() async throws {
    let result = try await CLISandbox().run("history", "--help")
    result.expectSuccess()
    for option in ["--limit <n>", "--since <date>", "--until <date>", "--on <date>", "--format <format>", "--json", "prune"] {
      #expect(result.standardOutput.contains(option), "\(option)\n\(result)")
    }
    #expect(!result.standardOutput.contains("  show "))
  }

  /// An explicit empty name is a journey without a name; a spelled-out duration is a duration.
  @Test func anEmptyNameAndNinetyMinutes() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("add", "", "--duration", "90min")
    result.expectSuccess()
    let id = try #require(result.lines.first)
    #expect(try sandbox.value("name", of: id) == "")
    #expect(try sandbox.value("duration", of: id) == "5400")
  }
}
