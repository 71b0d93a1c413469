import Foundation
import Testing

/// An option a command does not take is named, with what was meant (issue: `add "x" --type bus`
/// was answered "a name of several words goes in quotes"); nothing is written.
@Suite("Mistaken options")
struct OptionMistakeTests {
  @Test(arguments: [
    (["add", "x", "--type", "bus"], "'--type' is not an option of 'roadtrip add' (did you mean '--transport'?)"),
    (["add", "x", "--transprot", "bus"], "'--transprot' is not an option of 'roadtrip add' (did you mean '--transport'?)"),
    (["add", "x", "--end", "8:40"], "'--end' is not an option of 'roadtrip add'"),
    (["list", "--sortt", "name"], "'--sortt' is not an option of 'roadtrip list' (did you mean '--sort'?)"),
    (["db", "backup", "x.sqlite", "--forse"], "'--forse' is not an option of 'roadtrip db backup'"),
    (["sync", "--stauts"], "'--stauts' is not an option of 'roadtrip sync' (did you mean '--status'?)"),
    (["set", "aaaa1", "--end", "8:40"], "set takes fields as FIELD=VALUE after the ids, such as end=8:40"),
    (["set", "aaaa1", "--name=Coast road"], "set takes fields as FIELD=VALUE after the ids, such as 'name=Coast road'"),
    (["set", "aaaa1", "name", "=", "foo"], "with no spaces around '=': name=foo"),
    (["set", "aaaa1", "name", "=foo"], "with no spaces around '=': name=foo"),
    (["set", "aaaa1", "end=", "18:30"], "with no spaces around '=': end=18:30"),
  ])
  func isNamedWithWhatWasMeant(_ arguments: [String], _ message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(arguments)
    result.expectExit(64)
    #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(result)")
    #expect(result.standardError.contains(message), "\(result)")
    #expect(!result.standardError.contains("several words"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  /// Words after `--` are values, whatever they look like, and an empty value (`name=`) followed
  /// by another assignment is no mistake.
  @Test func valuesAfterDoubleDashAndEmptyValuesStillWork() async throws {
    let sandbox = try CLISandbox()
    let added = try await sandbox.run("add", "--", "--type").expectSuccess()
    let id = try #require(added.lines.first)
    #expect(try sandbox.value("name", of: id) == "--type")
    try await sandbox.run("set", id, "name=", "duration=1h").expectSuccess()
    #expect(try sandbox.value("name", of: id) == "")
  }
}
