import Foundation
import JourneyStore
import Testing

extension BrowseTests {
  /// `browse` and `list` on a terminal open at today's journeys, or at the newest; a date not of
  /// the current year shows its year; a long duration is never cut.
  @Suite("Opening at today")
  struct OpensAtToday {
    /// Saturday 2026-11-28, 12:00 UTC.
    static let now: [String: String?] = ["ROADTRIP_NOW": "2026-11-28T12:00:00Z"]

    /// 60 journeys a month apart from 2020-01 on, then, unless `today` is false, two of today's
    /// and one of next week; the one of today at 09:00 lasts 1h 17m 32s.
    private func seeded(today: Bool = true) throws -> CLISandbox {
      let sandbox = try CLISandbox()
      let january2020 = Date(timeIntervalSince1970: 1_577_872_800)  // 2020-01-01T10:00:00Z
      var journeys = (0..<60).map { month in
        Journey(name: String(format: "Old %02d", month), startDate: january2020 + Double(month) * 30 * 86_400)
      }
      if today {
        let morning = Date(timeIntervalSince1970: 1_795_856_400)  // 2026-11-28T09:00:00Z
        journeys += [
          Journey(name: "Today one", startDate: morning, duration: 4652),
          Journey(name: "Today two", startDate: morning + 3600),
          Journey(name: "Next week", startDate: morning + 7 * 86_400),
        ]
      }
      try sandbox.seed(journeys)
      return sandbox
    }

    @Test func browseOpensAtTodaysFirstJourney() async throws {
      let sandbox = try seeded()
      let browser = try sandbox.startBrowser(environment: Self.now, columns: 100, rows: 20)
      let screen = try await browser.waitForScreen(showing: "63 journeys")
      #expect(screen.contains("Name      Today one"), "the card shows the selected journey\n\(screen)")
      let row = screen.line(containing: "› 🚗 Today one")
      #expect(row.contains("11-28 09:00"), "this year's date, without its year\n\(screen)")
      // The card beside the list at 100 columns: the duration whole.
      #expect(row.contains("1h 17m 32s"), "\(screen)")
      #expect(!screen.contains("Old 00"), "\(screen)")
      browser.type("k")  // the journey before: of another year, shown with its year
      let earlier = try await browser.waitForScreen(showing: "Name      Old 59")
      #expect(earlier.line(containing: "› 🚗 Old 59").contains("2024-11-05"), "\(earlier)")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func browseOpensAtTheNewestWhenNothingIsToday() async throws {
      let sandbox = try seeded(today: false)
      let browser = try sandbox.startBrowser(environment: Self.now, columns: 100, rows: 20)
      let screen = try await browser.waitForScreen(showing: "60 journeys")
      #expect(screen.contains("Name      Old 59"), "\(screen)")
      #expect(!screen.contains("Old 00"), "\(screen)")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// `list` on a terminal starts `less` at today's first journey.
    @Test func listOpensThePagerAtToday() async throws {
      let sandbox = try seeded()
      var environment = Self.now
      environment.updateValue(nil, forKey: "PAGER")  // less -FRX, the default
      let pager = try sandbox.startBrowser(["list"], environment: environment, columns: 100, rows: 20)
      try await pager.waitForScreen("today's journeys in less") { _ in
        EditorProcess.strippingEscapes(pager.rawOutput).contains("Today one")
      }
      let shown = EditorProcess.strippingEscapes(pager.rawOutput)
      #expect(!shown.contains("Old 00"), "\(shown)")
      pager.type("q")
      #expect(try await pager.waitForExit() == 0)
    }
  }
}
