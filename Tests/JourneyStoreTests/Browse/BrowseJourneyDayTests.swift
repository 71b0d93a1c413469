import Foundation
import Testing

extension BrowseTests {
  /// In the editor a start or an end typed as a time alone is on the journey's own day, and a
  /// duration reads every form `set` reads (`1h30`, `PT45M`, `1,5h`).
  @Suite("Times typed on the journey's own day")
  struct JourneyDay {
    private let coast = SampleJourneys.coastID

    @Test func aTimeAloneKeepsTheJourneysDayAndDurationsReadEveryForm() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()  // the coast road: Saturday 2026-11-21 08:00 UTC, 1h 30m
      // A week later: a time alone read as today's would move the journey to the 28th.
      let browser = try sandbox.startBrowser(environment: ["ROADTRIP_NOW": "2026-11-28T12:00:00Z"])
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("\u{1B}[Hj\r")  // it opens at the newest, the ferry: home, then the coast road
      try await browser.waitForScreen(showing: "› Name      Coast road▏")
      browser.type("\t\u{1B}[B\r18:00\r")  // the start at 18:00
      try await browser.waitForScreen(showing: "› Start     ◀ 2026-11-21 18:00:00+00:00 ▶")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-21T18:00:00Z") == "2026-11-21T18:00:00Z")
      browser.type("\u{1B}[B\r01:00\r")  // an end earlier in the day: the next morning
      try await browser.waitForScreen(showing: "› End       ◀ 2026-11-22 01:00:00+00:00 ▶")
      #expect(try await sandbox.value("duration", of: coast, becoming: "25200") == "25200")
      for (typed, seconds) in [("1h30", "5400"), ("PT45M", "2700"), ("1,5h", "5400"), ("P1D", "86400")] {
        browser.type("\u{1B}[B\r\(typed)\r")
        #expect(try await sandbox.value("duration", of: coast, becoming: seconds) == seconds, "\(typed)")
        browser.type("\u{1B}[A")
      }
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }
  }
}
