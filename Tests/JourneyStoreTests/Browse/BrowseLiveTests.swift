import Foundation
import Testing

extension BrowseTests {
  /// What other processes commit appears while the browser runs; the selection follows the
  /// journey, not its row.
  @Suite("Other processes")
  struct OtherProcesses {
    private let coast = SampleJourneys.coastID

    @Test func theSqliteShellsCommitsAppearAndTheSelectionFollowsTheJourney() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: 130)
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("j")
      try await browser.waitForScreen(showing: "Name      Coast road")
      try await sandbox.sqlite3("""
        INSERT INTO journey (id, name, transportation_type, start_date, duration)
        VALUES ('cccc4444-0000-4000-8000-000000000004', 'Night bus', 'bus', 700000000, 600);
        """).expectSuccess("sqlite3")
      var screen = try await browser.waitForScreen(showing: "4 journeys")
      #expect(screen.line(containing: "Night bus").hasPrefix("  🚌 Night bus"), "\(screen)")
      #expect(screen.contains("› 🚗 Coast road"), "still selected, one row down\n\(screen)")
      #expect(screen.contains("Name      Coast road"), "\(screen)")
      // The coast road moves to the end of the order: the selection goes with it.
      try await sandbox.sqlite3("UPDATE journey SET start_date = start_date + 86400 * 3 WHERE id = '\(coast)'").expectSuccess("sqlite3")
      screen = try await browser.waitForScreen(showing: "2026-11-24 08:00+00:00")
      #expect(screen.contains("› 🚗 Coast road"), "\(screen)")
      #expect(screen.contains("Name      Coast road"), "\(screen)")
      browser.type("k")
      try await browser.waitForScreen(showing: "Name      Ferry")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func aDeletionOfTheSelectedJourneyIsAnnouncedAndTheSelectionMovesOn() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("j")
      try await browser.waitForScreen(showing: "Name      Coast road")
      try await sandbox.run("delete", "aaaa1").expectSuccess()
      let screen = try await browser.waitForScreen(
        showing: "The selected journey was deleted by another process (roadtrip delete aaaa1)")
      #expect(screen.contains("2 journeys"), "\(screen)")
      #expect(screen.line(containing: "Ferry").hasPrefix("› "), "a neighbour is selected\n\(screen)")
      #expect(screen.contains("Name      Ferry"), "\(screen)")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func anEditorOpenOnAJourneyFollowsAnotherRoadtrip() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("j\r")
      try await browser.waitForScreen(showing: "› Name      Coast road▏")
      try await sandbox.run("set", "aaaa1", "duration=2h").expectSuccess()
      let screen = try await browser.waitForScreen(showing: "Changed by another process: roadtrip set aaaa1 duration=2h")
      #expect(screen.contains("Duration  2h"), "\(screen)")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// A journey deleted while its editor is open, its name half typed: the editor says so and
    /// offers only q, which goes back to the list; the draft has nowhere to go and browse ends
    /// cleanly.
    @Test func aJourneyDeletedWhileItsNameIsTypedLeavesOnlyQ() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("j\r at dawn")
      try await browser.waitForScreen(showing: "› Name      Coast road at dawn▏")
      try await sandbox.run("delete", "aaaa1").expectSuccess()
      let screen = try await browser.waitForScreen(
        showing: "Deleted by another process (roadtrip delete aaaa1); press q to go back to the list.")
      #expect(screen.split(separator: "\n").last == "q list", "\(screen)")
      browser.type("q")
      try await browser.waitForScreen(showing: "2 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
      #expect(browser.rawOutput.contains("error") == false)
    }
  }
}
