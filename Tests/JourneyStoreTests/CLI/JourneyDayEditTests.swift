import Foundation
import Testing

/// In `set` a time alone is on the journey's own day and a weekday the one nearest its start;
/// `add` keeps today's rules.
@Suite("Times on the journey's own day")
struct JourneyDayEditTests {
  /// Saturday 2026-11-28, 12:00 UTC.
  static let now = ["ROADTRIP_NOW": "2026-11-28T12:00:00Z", "TZ": "Europe/Paris"]

  /// A journey on Tuesday 2026-11-24 from 09:00 to 10:00 in Paris (08:00Z), and its id.
  private func tuesdayJourney(_ sandbox: CLISandbox, start: String = "2026-11-24T09:00") async throws -> String {
    try #require(try await sandbox.run(
      ["add", "Tuesday", "--start", start, "--duration", "1h"], environment: Self.now).lines.first)
  }

  @Test(arguments: [
    (["end=18:30"], "2026-11-24T08:00:00Z", "34200"),  // 09:00 to 18:30, not four days
    (["end=at 6:30pm"], "2026-11-24T08:00:00Z", "34200"),
    (["start=18:00"], "2026-11-24T17:00:00Z", "3600"),  // the 24th, not the 28th
    (["start=thursday 16:00"], "2026-11-26T15:00:00Z", "3600"),  // that week's Thursday
    (["start=sunday"], "2026-11-21T23:00:00Z", "3600"),  // two days back is nearer than five ahead
    (["start=tue 7am", "end=wed 8:00"], "2026-11-24T06:00:00Z", "90000"),
    (["end=thursday 9:00"], "2026-11-24T08:00:00Z", "172800"),
    (["start=today 18:00"], "2026-11-28T17:00:00Z", "3600"),  // a day named keeps its rules
    (["end=tomorrow"], "2026-11-24T08:00:00Z", "399600"),
  ])
  func aTimeOrAWeekdayIsOnTheJourneysDay(_ edits: [String], _ start: String, _ duration: String) async throws {
    let sandbox = try CLISandbox()
    let id = try await tuesdayJourney(sandbox)
    try await sandbox.run(["set", id] + edits, environment: Self.now).expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == start)
    #expect(try sandbox.value("duration", of: id) == duration)
  }

  /// An end earlier in the day than the start is the next morning's: a night journey.
  @Test func anEndBeforeTheStartsTimeIsTheNextDay() async throws {
    let sandbox = try CLISandbox()
    let id = try await tuesdayJourney(sandbox, start: "2026-11-24T23:00")
    try await sandbox.run(["set", id, "end=01:30"], environment: Self.now).expectSuccess()
    #expect(try sandbox.value("duration", of: id) == "9000")
  }

  /// Each journey of `set -` reads the time on its own day.
  @Test func severalJourneysEachKeepTheirDay() async throws {
    let sandbox = try CLISandbox()
    let first = try await tuesdayJourney(sandbox)
    let second = try await tuesdayJourney(sandbox, start: "2026-11-20T07:00")
    try await sandbox.run(["set", "-", "start=08:15"], input: first + "\n" + second + "\n", environment: Self.now)
      .expectSuccess()
    #expect(try sandbox.value("startDate", of: first) == "2026-11-24T07:15:00Z")
    #expect(try sandbox.value("startDate", of: second) == "2026-11-20T07:15:00Z")
  }

  /// `add` has no journey day: a time alone is today's, a weekday the next one.
  @Test func addKeepsTodaysRules() async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(["add", "x", "--start", "18:00"], environment: Self.now).lines.first)
    #expect(try sandbox.value("startDate", of: id) == "2026-11-28T17:00:00Z")
    let thursday = try #require(try await sandbox.run(["add", "x", "--start", "thursday"], environment: Self.now).lines.first)
    #expect(try sandbox.value("startDate", of: thursday) == "2026-12-02T23:00:00Z")
  }

  @Test func aTimeThatIsNoTimeIsRefused() async throws {
    let sandbox = try CLISandbox()
    let id = try await tuesdayJourney(sandbox)
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["set", id, "end=25:00"], environment: Self.now)
    result.expectExit(64)
    #expect(result.standardError.contains("'25:00' is not a date"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }
}
