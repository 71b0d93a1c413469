import Foundation
import Testing

/// Dates as people type them, read in the local time zone (`TZ`) from a fixed now
/// (`ROADTRIP_NOW`, which exists for tests), and relative edits with `set`.
@Suite("Relative dates and relative edits")
struct RelativeDateTests {
  /// Wednesday 2026-11-25, 12:00 UTC: 07:00 in New York, 17:30 in Kolkata, 13:00 in Berlin.
  static let now = "2026-11-25T12:00:00Z"

  /// What `add --start TEXT` stores, in UTC, in each zone.
  @Test(arguments: [
    ("America/New_York", "today", "2026-11-25T05:00:00Z"),
    ("America/New_York", "tomorrow", "2026-11-26T05:00:00Z"),
    ("America/New_York", "yesterday", "2026-11-24T05:00:00Z"),
    ("America/New_York", "today 18:00", "2026-11-25T23:00:00Z"),
    ("America/New_York", "18:30", "2026-11-25T23:30:00Z"),
    ("America/New_York", "tomorrow 6:30pm", "2026-11-26T23:30:00Z"),
    ("America/New_York", "monday", "2026-11-30T05:00:00Z"),
    ("America/New_York", "wednesday", "2026-12-02T05:00:00Z"),
    ("America/New_York", "last Monday", "2026-11-23T05:00:00Z"),
    ("America/New_York", "next fri 9am", "2026-11-27T14:00:00Z"),
    ("America/New_York", "now", "2026-11-25T12:00:00Z"),
    ("America/New_York", "+2d", "2026-11-27T12:00:00Z"),
    ("America/New_York", "-3h", "2026-11-25T09:00:00Z"),
    ("America/New_York", "+1h30m", "2026-11-25T13:30:00Z"),
    ("America/New_York", "+1w", "2026-12-02T12:00:00Z"),
    ("America/New_York", "3 days ago", "2026-11-22T12:00:00Z"),
    ("America/New_York", "in 2 hours", "2026-11-25T14:00:00Z"),
    ("America/New_York", "2026-11-21T08:00", "2026-11-21T13:00:00Z"),
    ("Asia/Kolkata", "today", "2026-11-24T18:30:00Z"),
    ("Asia/Kolkata", "today 18:00", "2026-11-25T12:30:00Z"),
    ("Asia/Kolkata", "monday", "2026-11-29T18:30:00Z"),
    ("Asia/Kolkata", "2026-11-21T08:00", "2026-11-21T02:30:00Z"),
    ("Europe/Berlin", "tomorrow", "2026-11-25T23:00:00Z"),
    ("Europe/Berlin", "9am", "2026-11-25T08:00:00Z"),
    ("Europe/Berlin", "2026-11-21 08:00+01:00", "2026-11-21T07:00:00Z"),
  ])
  func addReadsTheStartInTheLocalZone(_ zone: String, _ text: String, _ expected: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(
      ["add", "x", "--start", text], environment: ["TZ": zone, "ROADTRIP_NOW": Self.now])
    result.expectSuccess()
    let id = try #require(result.lines.first)
    #expect(try sandbox.value("startDate", of: id) == expected)
  }

  @Test(arguments: ["someday", "monday 25:00", "+2x", "in two days", "13pm", "tomorrow tomorrow", "+", ""])
  func textThatIsNoDateIsRefused(_ text: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["add", "x", "--start", text], environment: ["ROADTRIP_NOW": Self.now])
    result.expectExit(64)
    #expect(result.standardError.contains("'\(text)' is not a date; use ISO 8601"), "\(result)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  /// `list --since`/`--until` read the same words.
  @Test func listFiltersTakeRelativeDates() async throws {
    let sandbox = try CLISandbox()
    let environment = ["TZ": "Europe/Berlin", "ROADTRIP_NOW": Self.now]
    for start in ["yesterday 10:00", "today 10:00", "tomorrow 10:00"] {
      try await sandbox.run(["add", start, "--start", start], environment: environment)
        .expectSuccess()
    }
    let today = try await sandbox.run(["list", "--since", "today", "--until", "today"], environment: environment)
    #expect(today.lines.map { $0.split(separator: "\t")[1] } == ["today 10:00"])
    let twoDays = try await sandbox.run(["list", "--since", "today", "--until", "tomorrow"], environment: environment)
    #expect(twoDays.lines.map { $0.split(separator: "\t")[1] } == ["today 10:00", "tomorrow 10:00"])
    let recent = try await sandbox.run(["list", "--since", "-1d", "--format", "ids"], environment: environment)
    #expect(recent.lines.count == 2)
  }

  /// `start=+1d` moves the start by a day, keeping the clock time across the end of daylight
  /// saving time (Berlin, 2026-10-25); `duration=+15m` lengthens; `end=` keeps the start.
  @Test func setShiftsAndEnds() async throws {
    let sandbox = try CLISandbox()
    let environment = ["TZ": "Europe/Berlin", "ROADTRIP_NOW": Self.now]
    let id = try #require(try await sandbox.run(
      ["add", "x", "--start", "2026-10-24T09:00", "--duration", "1h"], environment: environment).lines.first)
    #expect(try sandbox.value("startDate", of: id) == "2026-10-24T07:00:00Z")
    try await sandbox.run(["set", id, "start=+1d", "duration=+15m"], environment: environment)
      .expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == "2026-10-25T08:00:00Z")  // 09:00 in winter time
    #expect(try sandbox.value("duration", of: id) == "4500")
    try await sandbox.run(["set", id, "start=-90m"], environment: environment).expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == "2026-10-25T06:30:00Z")
    try await sandbox.run(["set", id, "end=2026-10-25T12:00"], environment: environment)
      .expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == "2026-10-25T06:30:00Z")
    #expect(try sandbox.value("duration", of: id) == "16200")  // 07:30 to 12:00 local
    try await sandbox.run(["set", id, "endDate=+30m"], environment: environment).expectSuccess()
    #expect(try sandbox.value("duration", of: id) == "18000")
    #expect(try sandbox.value("endDate", of: id) == "2026-10-25T11:30:00Z")
    try await sandbox.run(["set", id, "duration=-1h"], environment: environment).expectSuccess()
    #expect(try sandbox.value("duration", of: id) == "14400")
  }

  @Test(arguments: [
    (["duration=-9h"], "'-9h' would make the duration negative; a duration is zero or more"),
    (["end=2026-10-24T08:00"], "'2026-10-24T08:00' is before the journey's start (2026-10-24 09:00:00+02:00)"),
    (["end=-2h"], "'-2h' is before the journey's start"),
    (["end=tomorrow", "duration=1h"], "'duration' is set twice (end= sets the duration too)"),
    (["start=+2q"], "'+2q' is not a date"),
  ])
  func editsThatCannotBeAreRefusedAndChangeNothing(_ edits: [String], _ message: String) async throws {
    let sandbox = try CLISandbox()
    let environment = ["TZ": "Europe/Berlin", "ROADTRIP_NOW": Self.now]
    let id = try #require(try await sandbox.run(
      ["add", "x", "--start", "2026-10-24T09:00", "--duration", "1h"], environment: environment).lines.first)
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["set", id] + edits, environment: environment)
    result.expectExit(64)
    #expect(result.standardError.contains(message), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  /// People see local time with its offset; machines see UTC with `Z`.
  @Test func terminalFormatsShowLocalTimeAndMachineFormatsUTC() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()  // Coast road starts 2026-11-21T08:00:00Z
    let york = ["TZ": "America/New_York"]
    let table = try await sandbox.run(["list", "--format", "table"], environment: york)
    #expect(table.standardOutput.contains("2026-11-21 03:00-05:00"), "\(table)")
    let card = try await sandbox.run(["show", SampleJourneys.coastID], environment: ["TZ": "Asia/Kolkata"])
    #expect(card.standardOutput.contains("Start     2026-11-21 13:30:00+05:30\n"), "\(card)")
    let history = try await sandbox.run(["history", "--format", "table"], environment: ["TZ": "Europe/Berlin"])
    #expect(!history.lines.isEmpty && history.lines.allSatisfy { $0.contains("+01:00  #") }, "\(history)")
    for format in ["json", "ndjson", "csv", "tsv"] {
      let machine = try await sandbox.run(["list", "--format", format], environment: york)
      #expect(machine.standardOutput.contains("2026-11-21T08:00:00Z"), "\(format)")
      #expect(!machine.standardOutput.contains("-05:00"), "\(format)")
    }
  }

  /// A date as the table shows it is a date `--start` reads.
  @Test func theTableTextIsADateToo() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let york = ["TZ": "America/New_York"]
    let id = try #require(try await sandbox.run(["add", "y", "--start", "2026-11-21 03:00-05:00"], environment: york).lines.first)
    #expect(try sandbox.value("startDate", of: id) == "2026-11-21T08:00:00Z")
  }
}
