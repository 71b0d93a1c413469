import Foundation
import Testing

/// Durations as people write them, read by one parser in `add`, `set` and its shifts.
@Suite("Duration forms")
struct DurationFormsTests {
  @Test(arguments: [
    ("1h30", "5400"), ("2m30", "150"), ("1d2", "93600"), ("1,5h", "5400"), ("0,5 hours", "1800"),
    ("PT1H30M", "5400"), ("PT45M", "2700"), ("P1D", "86400"), ("pt2h", "7200"), ("P1DT2H", "93600"),
    ("PT0,5H", "1800"), ("PT1.5S", "1.5"), ("P2W", "1209600"), ("1h30m20", "5420"), ("45m", "2700"), ("1:30:00", "5400"),
  ])
  func addAndSetReadTheForm(_ text: String, _ seconds: String) async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(["add", "x", "--duration", text]).lines.first)
    #expect(try sandbox.value("duration", of: id) == seconds)
    try await sandbox.run(["set", id, "duration=0"]).expectSuccess()
    try await sandbox.run(["set", id, "duration=\(text)"]).expectSuccess()
    #expect(try sandbox.value("duration", of: id) == seconds)
  }

  @Test func shiftsReadTheFormsToo() async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(
      ["add", "x", "--start", "2026-11-24T08:00:00Z", "--duration", "1h"]).lines.first)
    try await sandbox.run(["set", id, "duration=+1h30", "start=-PT30M"]).expectSuccess()
    #expect(try sandbox.value("duration", of: id) == "9000")
    #expect(try sandbox.value("startDate", of: id) == "2026-11-24T07:30:00Z")
  }

  @Test(arguments: ["P1M", "P1Y", "PT", "P", "P1H", "PT1D", "1h30x", "1,5", "P1W2D", "1s5"])
  func formsWithoutOneLengthAreRefused(_ text: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["add", "x", "--duration", text])
    result.expectExit(64)
    #expect(result.standardError.contains("'\(text)' is not a duration; use 45m"), "\(result)")
    #expect(result.standardError.contains("PT1H30M"), "\(result)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}
