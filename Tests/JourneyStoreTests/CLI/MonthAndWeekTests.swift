import Foundation
import Testing

/// Months and weeks as a daily user types them: `--on 2026-11`, `--on nov`, `--on "nov 24"`,
/// `this-month`, `last-month`, `yesterday at 5pm`, `now-1d`, and `summary --by`.
@Suite("Months and weeks")
struct MonthAndWeekTests {
  /// Saturday 2026-11-28, 12:00 UTC.
  static let now = ["ROADTRIP_NOW": "2026-11-28T12:00:00Z"]

  /// One journey a day named by its start: 2025-11-24, 2026-10-31, 2026-11-01, 2026-11-24,
  /// 2026-11-30, 2026-12-01, each at 10:00 UTC.
  private func seeded() async throws -> CLISandbox {
    let sandbox = try CLISandbox()
    for day in ["2025-11-24", "2026-10-31", "2026-11-01", "2026-11-24", "2026-11-30", "2026-12-01"] {
      try await sandbox.run(["add", day, "--start", day + "T10:00:00Z", "--duration", "1h"], environment: Self.now)
        .expectSuccess()
    }
    return sandbox
  }

  private func names(_ sandbox: CLISandbox, _ arguments: [String], environment: [String: String] = now) async throws -> [String] {
    let result = try await sandbox.run(["list"] + arguments + ["--fields", "name"], environment: environment)
    result.expectSuccess()
    return result.lines
  }

  @Test func onTakesAMonthOrADayOfOne() async throws {
    let sandbox = try await seeded()
    let november = ["2026-11-01", "2026-11-24", "2026-11-30"]
    #expect(try await names(sandbox, ["--on", "2026-11"]) == november)
    #expect(try await names(sandbox, ["--on", "nov"]) == november)
    #expect(try await names(sandbox, ["--on", "November"]) == november)
    #expect(try await names(sandbox, ["--on", "this-month"]) == november)
    #expect(try await names(sandbox, ["--on", "last-month"]) == ["2026-10-31"])
    #expect(try await names(sandbox, ["--on", "nov 24"]) == ["2026-11-24"])
    #expect(try await names(sandbox, ["--on", "24 nov 2025"]) == ["2025-11-24"])
    #expect(try await names(sandbox, ["--on", "nov 2025"]) == ["2025-11-24"])
    // A month not begun yet this year is last year's in a filter, as git reads --since.
    #expect(try await names(sandbox, ["--on", "dec"]) == [])
    #expect(try await names(sandbox, ["--since", "oct", "--until", "last-month"]) == ["2026-10-31"])
    #expect(try await names(sandbox, ["--since", "this-month"]) == november + ["2026-12-01"])
  }

  @Test func newDatesReadTheNewWordsToo() async throws {
    let sandbox = try CLISandbox()
    for (text, expected) in [
      ("yesterday at 5pm", "2026-11-27T17:00:00Z"), ("now-1d", "2026-11-27T12:00:00Z"), ("now + 2h", "2026-11-28T14:00:00Z"),
      ("nov 30 8:00", "2026-11-30T08:00:00Z"), ("dec", "2026-12-01T00:00:00Z"), ("2026-12", "2026-12-01T00:00:00Z"),
      ("next-month", "2026-12-01T00:00:00Z"),
    ] {
      let id = try #require(try await sandbox.run(["add", text, "--start", text], environment: Self.now).lines.first, "\(text)")
      #expect(try sandbox.value("startDate", of: id) == expected, "\(text)")
    }
  }

  @Test(arguments: ["nov 31", "2026-13", "nov 24 at", "nov dec", "this-month 9am"])
  func wordsThatNameNoDateAreRefused(_ text: String) async throws {
    let result = try await CLISandbox().run(["list", "--on", text], environment: Self.now)
    result.expectExit(64)
    #expect(result.standardError.contains("'\(text)' is not a date"), "\(result)")
  }

  @Test func summaryAddsUpByMonthWeekDayOrType() async throws {
    let sandbox = try await seeded()
    let months = try await sandbox.run(["summary", "--by", "month"], environment: Self.now)
    #expect(months.lines == [
      "month\t2025-11\t1\t3600", "month\t2026-10\t1\t3600", "month\t2026-11\t3\t10800", "month\t2026-12\t1\t3600",
      "total\tall\t6\t21600",
    ], "\(months)")
    // Weeks from Monday: the 30th and the 1st are one week, the 24th (a Tuesday) another.
    let weeks = try await sandbox.run(["summary", "--by", "week", "--since", "2026-11-20"], environment: Self.now)
    #expect(weeks.lines == ["week\t2026-11-23\t1\t3600", "week\t2026-11-30\t2\t7200", "total\tall\t3\t10800"], "\(weeks)")
    let types = try await sandbox.run(["summary", "--by", "type", "--format", "csv"], environment: Self.now)
    #expect(types.standardOutput == "group,key,journeys,duration\r\ntype,car,6,21600\r\ntotal,all,6,21600\r\n", "\(types)")
    let days = try await sandbox.run(["summary", "--by", "day", "--on", "this-month"], environment: Self.now)
    #expect(days.lines.first == "day\t2026-11-01\t1\t3600", "\(days)")
    let wrong = try await sandbox.run(["summary", "--by", "year"])
    wrong.expectExit(64)
    #expect(wrong.standardError.contains("'day', 'week', 'month' or 'type'"), "\(wrong)")
  }

  /// On a terminal each period carries a bar of its time, the longest the widest.
  @Test func summaryDrawsBarsOnATerminal() async throws {
    let sandbox = try await seeded()
    try await sandbox.run(["add", "long", "--start", "2026-11-02T10:00:00Z", "--duration", "3h"]).expectSuccess()
    let plain = try await sandbox.runInTerminal(
      ["summary", "--by", "month", "--since", "2026-10-01"], environment: ["NO_COLOR": "1", "COLUMNS": "80"].merging(Self.now) { $1 })
    #expect(plain.standardOutput == """
      MONTH    JOURNEYS  TIME
      2026-10         1    1h  ######
      2026-11         4    6h  ####################################
      2026-12         1    1h  ######
      total           6    8h

      """, "\(plain)")
    let drawn = try await sandbox.runInTerminal(
      ["summary", "--by", "month", "--since", "2026-10-01"], environment: ["COLUMNS": "80"].merging(Self.now) { $1 })
    #expect(drawn.standardOutput.contains("████████████████████████████████████"), "\(drawn)")
    #expect(drawn.standardOutput.contains("  ██████\n"), "\(drawn)")
  }

  /// The README's `summary --on this-week` is this week's journeys, the planned ones of its
  /// later days included, and no later week's; `--since monday` alone keeps every later journey,
  /// as in `list`.
  @Test func thisWeekIsOnThisWeek() async throws {
    let sandbox = try CLISandbox()
    for day in ["2026-11-22", "2026-11-23", "2026-11-29", "2026-11-30"] {  // Sunday, Monday, Sunday, Monday
      try await sandbox.run(["add", day, "--start", day + "T10:00:00Z"], environment: Self.now).expectSuccess()
    }
    let week = try await sandbox.run(["summary", "--on", "this-week"], environment: Self.now)
    #expect(week.lines.last == "total\tall\t2\t7200", "\(week)")
    let since = try await sandbox.run(["summary", "--since", "monday"], environment: Self.now)
    #expect(since.lines.last == "total\tall\t3\t10800", "\(since)")
  }

  /// The README's `roadtrip summary` lines run as written, on journeys of this week and last month.
  @Test func theReadmeSummaryLinesRun() async throws {
    let text = try String(contentsOf: ReadmeSetupTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = text.split(separator: "\n").filter { $0.hasPrefix("$ roadtrip summary") }
      .map { String($0.dropFirst(2).prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces) }
    #expect(commands == ["roadtrip summary --on this-week", "roadtrip summary --by month --on last-month"])
    let sandbox = try await seeded()
    let week = try await sandbox.run(["summary", "--on", "this-week"], environment: Self.now)
    #expect(week.lines.last == "total\tall\t1\t3600", "\(week)")  // the 24th
    let month = try await sandbox.run(["summary", "--by", "month", "--on", "last-month"], environment: Self.now)
    #expect(month.lines == ["month\t2026-10\t1\t3600", "total\tall\t1\t3600"], "\(month)")
  }
}
