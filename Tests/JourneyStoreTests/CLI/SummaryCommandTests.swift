import Foundation
import Testing
@testable import JourneyStore

/// `roadtrip summary`: totals by type and by local day, with the filters of `list`.
@Suite("roadtrip summary")
struct SummaryCommandTests {
  @Test func totalsByTypeAndByDayWhenPiped() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()  // walk 06:30 on the 20th (30m), car 08:00 on the 21st (1h30m), bus 12:00 on the 22nd (10m 0.5s)
    try sandbox.seed([Journey(name: "Back", transportationType: .car, startDate: SampleJourneys.morning.addingTimeInterval(3600), duration: 600)])
    let result = try await sandbox.run("summary")
    result.expectSuccess()
    #expect(result.lines == [
      "type\twalk-or-run\t1\t1800", "type\tcar\t2\t6000", "type\tbus\t1\t600.5",
      "day\t2026-11-20\t1\t1800", "day\t2026-11-21\t2\t6000", "day\t2026-11-22\t1\t600.5",
      "total\tall\t4\t8400.5",
    ])
  }

  /// Days are local: in Los Angeles the walk of 06:30 UTC on the 20th is on the 19th.
  @Test func daysAreLocalAndFiltersApply() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(["summary", "--json", "--transport", "walk-or-run"], environment: ["TZ": "America/Los_Angeles"])
    let records = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    #expect(records.map { $0["key"] as? String } == ["walk-or-run", "2026-11-19", "all"])
    #expect(records.last?["journeys"] as? Int == 1)
    let searched = try await sandbox.run("summary", "--search", "ferry", "--format", "csv")
    #expect(searched.standardOutput.hasSuffix("total,all,1,600.5\r\n"), "\(searched)")
  }

  @Test func onATerminalItPrintsTwoTables() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["summary"], environment: ["NO_COLOR": "1", "COLUMNS": "80"])
    // Each total but the sum with a bar of its time, the longest 36 columns (80 less the numbers').
    #expect(result.standardOutput == """
      TYPE         JOURNEYS         TIME
      walk-or-run         1          30m  ############
      car                 1       1h 30m  ####################################
      bus                 1     10m 0.5s  ####
      total               3  2h 10m 0.5s

      DAY         JOURNEYS         TIME
      2026-11-20         1          30m  ############
      2026-11-21         1       1h 30m  ####################################
      2026-11-22         1     10m 0.5s  ####
      total              3  2h 10m 0.5s

      """, "\(result)")
  }

  @Test func idsIsRefused() async throws {
    let result = try await CLISandbox().run("summary", "--format", "ids")
    result.expectExit(64)
    #expect(result.standardError.contains("Please provide one of 'table', 'json', 'ndjson', 'csv' or 'tsv'"))
    let help = try await CLISandbox().run("summary", "--help")
    #expect(help.standardOutput.contains("        tsv "))
    #expect(!help.standardOutput.contains("        ids "), "\(help)")
  }
}
