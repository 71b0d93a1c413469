import Foundation
import Testing

extension BrowseTests {
  /// The list, its selection, its order and filters, and the card of the selected journey.
  @Suite("List")
  struct List {
    @Test func opensOnTheFirstJourneyAndMovesTheSelection() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: 130)
      var screen = try await browser.waitForScreen(showing: "3 journeys · by start · all types")
      #expect(screen.line(containing: "Morning run").hasPrefix("› 🚶 Morning run"), "\(screen)")
      #expect(screen.contains("Name      Morning run"), "the card\n\(screen)")
      browser.type("j")
      screen = try await browser.waitForScreen(showing: "Name      Coast road")
      #expect(screen.line(containing: "Coast road").hasPrefix("› 🚗 Coast road"), "\(screen)")
      #expect(screen.line(containing: "Coast road").contains("2026-11-21 08:00+00:00"), "local start\n\(screen)")
      browser.type("\u{1B}[F")  // End
      try await browser.waitForScreen(showing: "Name      Ferry")
      browser.type("k")
      try await browser.waitForScreen(showing: "Name      Coast road")
      browser.type("\u{1B}[H")  // Home
      try await browser.waitForScreen(showing: "Name      Morning run")
      browser.type("\u{1B}[6~")  // Page Down: past the end, onto the last
      try await browser.waitForScreen(showing: "Name      Ferry")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
      #expect(browser.terminal.settings == browser.initialSettings)
    }

    @Test func aLongListScrollsAWindowAtATime() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      try await sandbox.sqlite3("""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
        INSERT INTO journey (id, name, transportation_type, start_date, duration)
        SELECT printf('%08x-0000-4000-8000-00000000ffff', i), 'Trip ' || i, 'bus', 700000000 + i * 60, 600 FROM n;
        """).expectSuccess("sqlite3")
      // Now before the trips (2023-03-07 on): browse opens at the first.
      let browser = try sandbox.startBrowser(environment: ["ROADTRIP_NOW": "2023-01-01T00:00:00Z"], columns: 60, rows: 24)
      var screen = try await browser.waitForScreen(showing: "503 journeys")
      #expect(screen.contains("› 🚌 Trip 1 "), "\(screen)")
      browser.type("\u{1B}[6~\u{1B}[6~")
      screen = try await browser.waitForScreen("two pages down") { $0.contains("› 🚌 Trip 25 ") }
      #expect(!screen.contains("Trip 1 "), "scrolled\n\(screen)")
      browser.type("G")
      try await browser.waitForScreen(showing: "› 🚌 Ferry")
      browser.type("k")
      try await browser.waitForScreen(showing: "› 🚗 Coast road")
      // Outside the window, a journey is renamed; it shows once the window is there.
      try await sandbox.sqlite3("UPDATE journey SET name = 'Trip two' WHERE name = 'Trip 2'").expectSuccess("sqlite3")
      browser.type("g")
      try await browser.waitForScreen(showing: "› 🚌 Trip 1 ")
      try await browser.waitForScreen(showing: "Trip two")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func sortsFiltersByTypeAndSearchesNames() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "by start")
      browser.type("s")
      var screen = try await browser.waitForScreen(showing: "by name")
      let names = ["Coast road", "Ferry", "Morning run"].map { screen.range(of: $0)?.lowerBound }
      #expect(names.compactMap { $0 } == names.compactMap { $0 }.sorted() && names.count == 3, "\(screen)")
      browser.type("t")  // walk or run
      screen = try await browser.waitForScreen(showing: "1 journey · by name · type: Walk/Run")
      #expect(!screen.contains("Coast road"), "\(screen)")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "3 journeys · by name · all types")
      browser.type("/fer")
      screen = try await browser.waitForScreen(showing: "1 journey · by name · all types · name contains “fer”")
      #expect(screen.contains("Name      Ferry"), "\(screen)")
      browser.type("\u{7F}\u{7F}\u{7F}n")
      screen = try await browser.waitForScreen(showing: "2 journeys · by name · all types · name contains “n”")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "3 journeys · by name · all types")
      browser.type("?")
      try await browser.waitForScreen(showing: "Press any key to go back.")
      browser.type("x")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func namesWithWideCharactersAndEmojiStayAligned() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      try await sandbox.sqlite3("UPDATE journey SET name = '東京 🚲 walk' WHERE id = '\(SampleJourneys.coastID)'").expectSuccess("sqlite3")
      let browser = try sandbox.startBrowser(columns: 90)
      let screen = try await browser.waitForScreen(showing: "東京 🚲 walk")
      let columns = ["08:00+00:00", "06:30+00:00", "12:00+00:00"].map { time in
        screen.line(containing: time).components(separatedBy: time)[0].unicodeScalars.reduce(0) { width, scalar in
          width + (scalar.properties.isEmojiPresentation || (0x3000...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
      }
      #expect(Set(columns).count == 1, "the start column lines up: \(columns)\n\(screen)")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func withoutColourTheScreenIsPlain() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      for environment: [String: String?] in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
        let browser = try sandbox.startBrowser(environment: environment)
        let screen = try await browser.waitForScreen(showing: "RoadTrip: 3 journeys, by start, all types")
        #expect(screen.line(containing: "Morning run").hasPrefix("> walk Morning run"), "\(screen)")
        browser.type("q")
        #expect(try await browser.waitForExit() == 0)
        let frames = browser.rawOutput.components(separatedBy: "\u{1B}[H").dropFirst()
        #expect(!frames.contains { $0.contains("m") && $0.contains("\u{1B}[7m") }, "no reverse video")
        #expect(!frames.contains { $0.contains("🚶") }, "no symbols")
      }
    }
  }
}
