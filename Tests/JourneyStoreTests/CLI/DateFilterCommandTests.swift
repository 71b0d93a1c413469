import Foundation
import Testing

/// Filters read dates looking back and whole: `--since monday` is this week's Monday, a date-only
/// `--until` includes its day, `--on` keeps one day or week; new dates (`add --start monday`) look
/// forward.
@Suite("Date filters")
struct DateFilterCommandTests {
  /// Wednesday 2026-11-25, 12:00 UTC.
  static let environment = ["ROADTRIP_NOW": "2026-11-25T12:00:00Z"]

  /// Journeys on the Sunday before, Monday, Tuesday and Wednesday of the week, and next Monday.
  private func week() async throws -> CLISandbox {
    let sandbox = try CLISandbox()
    for (name, start) in [
      ("sunday", "2026-11-22T18:00"), ("monday", "2026-11-23T08:00"), ("tuesday", "2026-11-24T23:30"),
      ("wednesday", "2026-11-25T09:00"), ("next monday", "monday 08:00"),
    ] {
      let result = try await sandbox.run(["add", name, "--start", start], environment: Self.environment)
      result.expectSuccess()
    }
    return sandbox
  }

  private func names(_ result: CommandResult) -> [String] {
    result.lines.map { String($0.split(separator: "\t")[1]) }
  }

  @Test(arguments: [
    (["--since", "monday"], ["monday", "tuesday", "wednesday", "next monday"]),
    (["--since", "monday", "--until", "today"], ["monday", "tuesday", "wednesday"]),
    (["--until", "2026-11-24"], ["sunday", "monday", "tuesday"]),
    (["--since", "today", "--until", "today"], ["wednesday"]),
    (["--on", "2026-11-24"], ["tuesday"]),
    (["--on", "yesterday"], ["tuesday"]),
    (["--on", "monday"], ["monday"]),
    (["--on", "this-week"], ["monday", "tuesday", "wednesday"]),
    (["--on", "last-week"], ["sunday"]),
    (["--on", "next-week"], ["next monday"]),
    (["--since", "last-week", "--until", "this-week"], ["sunday", "monday", "tuesday", "wednesday"]),
  ])
  func listKeeps(_ filters: [String], _ expected: [String]) async throws {
    let sandbox = try await week()
    let result = try await sandbox.run(["list"] + filters, environment: Self.environment)
    result.expectSuccess()
    #expect(names(result) == expected)
  }

  /// `summary --since monday --until today` is this week up to today.
  @Test func summarySinceMondayIsThisWeek() async throws {
    let sandbox = try await week()
    let result = try await sandbox.run(["summary", "--since", "monday", "--until", "today"], environment: Self.environment)
    #expect(result.lines.last == "total\tall\t3\t10800", "\(result)")
    let on = try await sandbox.run(["summary", "--on", "2026-11-24"], environment: Self.environment)
    #expect(on.lines.contains("day\t2026-11-24\t1\t3600"), "\(on)")
    #expect(on.lines.last == "total\tall\t1\t3600")
  }

  @Test func historyTakesTheSameFilters() async throws {
    let sandbox = try await week()
    let today = try await sandbox.run("history", "--on", "today", "--format", "ids")
    today.expectExit(64)  // history has no ids: its formats are table, json and ndjson
    let json = try await sandbox.run("history", "--on", "today", "--json")
    json.expectSuccess()
    let changes = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(changes.count == 5)
    let before = try await sandbox.run("history", "--until", "2000-01-01", "--json")
    #expect(before.standardOutput == "[]\n")
  }

  @Test func onTakesThePlaceOfSinceAndUntil() async throws {
    let sandbox = try await week()
    for command in ["list", "summary", "history"] {
      let result = try await sandbox.run([command, "--on", "today", "--since", "monday"], environment: Self.environment)
      result.expectExit(64)
      #expect(result.standardError.hasPrefix("roadtrip: error: --on is a whole day, week or month by itself"), "\(result)")
    }
    let bad = try await sandbox.run(["list", "--on", "someday"], environment: Self.environment)
    bad.expectExit(64)
    #expect(bad.standardError.contains("'someday' is not a date"))
  }

  /// A new date looks forward: `add --start monday` and `set start=monday` are next Monday.
  @Test func newDatesLookForward() async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(["add", "x", "--start", "monday"], environment: Self.environment).lines.first)
    #expect(try sandbox.value("startDate", of: id) == "2026-11-30T00:00:00Z")
    try await sandbox.run(["set", id, "start=wednesday 9am"], environment: Self.environment)
      .expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == "2026-12-02T09:00:00Z")
  }
}
