import Foundation
import Testing

extension BrowseTests {
  /// The last line names the keys that work now, whole: a narrow screen drops the least
  /// important hints, never half of one; a list of 100 columns shows start dates, and the card.
  @Suite("Key hints and widths")
  struct KeyHints {
    /// Waits until the last line of the screen is `expected`.
    private func waitForLastLine(_ browser: EditorProcess, _ expected: String) async throws {
      try await browser.waitForScreen("the last line '\(expected)'") {
        $0.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) == expected
      }
    }

    @Test func at40By12EveryHintIsWhole() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: 40, rows: 12)
      try await waitForLastLine(browser, "↑↓ move  ⏎ edit  ? keys  q quit")
      browser.type("j\r")
      try await waitForLastLine(browser, "⏎ Tab next  Esc list")
      browser.type("\t")
      try await waitForLastLine(browser, "↑↓ Tab choose  ←→ - + change  q list")
      browser.type("\r")
      try await waitForLastLine(browser, "⏎ set  Esc cancel")
      browser.type("\u{1B}")
      try await waitForLastLine(browser, "↑↓ Tab choose  ←→ - + change  q list")
      browser.type("q/")
      try await waitForLastLine(browser, "/▏  ⏎ keep  Esc clear")
      browser.type("a very long search for a name")
      try await browser.waitForScreen(showing: "name▏")
      let search = try #require(browser.screen.split(separator: "\n").last)
      #expect(search.hasSuffix("name▏  ⏎ keep") || search.hasSuffix("name▏  ⏎ keep  Esc clear"), "\(search)")
      browser.type("\u{1B}")
      try await waitForLastLine(browser, "↑↓ move  ⏎ edit  ? keys  q quit")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func at100ColumnsEveryHintAndTheStartDates() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: 100, rows: 20)
      try await waitForLastLine(
        browser, "↑↓ move  ⏎ edit  a add  d delete  / search  s sort  t type  u undo  ? keys  q quit")
      let screen = browser.screen
      // The name gets 20 columns first, then the start as wide as the rest allows: no year here.
      #expect(screen.line(containing: "Coast road").contains("Coast road            11-21 08:00    1h 30m"), "\(screen)")
      #expect(screen.line(containing: "Morning run").contains("11-20 06:30"), "\(screen)")
      #expect(screen.line(containing: "│ Name      Morning run").hasPrefix("  🚌 Ferry"), "card beside\n\(screen)")
      browser.type("j\r\t")
      try await waitForLastLine(
        browser, "↑↓ Tab choose  ←→ - + change  ⏎ type a value  u undo  q list  (saved as you go)")
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// Without decoration the hints read as words, and fit the same way.
    @Test func withoutColourTheHintsAreWords() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(environment: ["NO_COLOR": "1"], columns: 60, rows: 12)
      try await waitForLastLine(browser, "up/down: move  enter: edit  /: search  ?: keys  q: quit")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }
  }
}
