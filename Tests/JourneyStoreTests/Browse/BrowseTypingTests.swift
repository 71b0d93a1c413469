import Foundation
import Testing

extension BrowseTests {
  /// What is typed in the editor: a name, written once when it is left and never lost; a start,
  /// an end, a duration or a type, read as `set` reads them; `q`, which leaves everywhere but in
  /// a name.
  @Suite("Typing in the editor")
  struct Typing {
    private let coast = SampleJourneys.coastID

    /// Opens the browser on the samples, and the editor on the coast road, its name focused.
    private func editCoastRoad(_ sandbox: CLISandbox, columns: Int = 100, rows: Int = 20) async throws -> EditorProcess {
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: columns, rows: rows)
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("j\r")
      try await browser.waitForScreen(showing: "› Name      Coast road▏")
      return browser
    }

    /// The name typed is written however browse ends or stops: Ctrl-C, a signal that ends it
    /// (SIGHUP is what a closed terminal sends), or Ctrl-Z.
    @Test(arguments: [("Ctrl-C", Int32(130)), ("SIGTERM", 128 + SIGTERM), ("SIGHUP", 128 + SIGHUP)])
    func aNameTypedIsWrittenWhenBrowseEnds(way: String, exitCode: Int32) async throws {
      let sandbox = try CLISandbox()
      let browser = try await editCoastRoad(sandbox)
      let batches = try sandbox.batchCount()
      browser.type(" at dawn")
      try await browser.waitForScreen(showing: "Coast road at dawn▏")
      switch way {
      case "Ctrl-C": browser.type("\u{3}")
      case "SIGTERM": kill(browser.pid, SIGTERM)
      default: kill(browser.pid, SIGHUP)
      }
      #expect(try await browser.waitForExit() == exitCode)
      #expect(try sandbox.value("name", of: coast) == "Coast road at dawn")
      #expect(try sandbox.batchCount() == batches + 1)
      #expect(browser.terminal.settings == browser.initialSettings)
    }

    @Test func aNameTypedIsWrittenWhenBrowseIsSuspended() async throws {
      let sandbox = try CLISandbox()
      let browser = try await editCoastRoad(sandbox)
      browser.type(" at dawn")
      try await browser.waitForScreen(showing: "Coast road at dawn▏")
      let framesBefore = browser.frameCount
      // Its own session's process group is orphaned: the kernel discards SIGTSTP, as after `fg`.
      browser.type("\u{1A}")
      try await browser.waitForScreen("a new frame") { _ in browser.frameCount > framesBefore }
      #expect(try await sandbox.value("name", of: coast, becoming: "Coast road at dawn") == "Coast road at dawn")
      browser.type("!")  // the field goes on from the name written
      try await browser.waitForScreen(showing: "› Name      Coast road at dawn!▏")
      browser.type("\r")
      #expect(try await sandbox.value("name", of: coast, becoming: "Coast road at dawn!") == "Coast road at dawn!")
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func aStartAnEndAndADurationAreTypedAsSetReadsThem() async throws {
      let sandbox = try CLISandbox()
      let browser = try await editCoastRoad(sandbox)
      var batches = try sandbox.batchCount()
      browser.type("\t\u{1B}[B\r")  // the type, the start, then type a start
      try await browser.waitForScreen(showing: "› Start     ▏")
      try await browser.waitForScreen(showing: "⏎ set  Esc cancel  e.g. tomorrow 9am, +1d")
      browser.type("2026-11-22 10:00\r")
      try await browser.waitForScreen(showing: "› Start     ◀ 2026-11-22 10:00:00+00:00 ▶")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-22T10:00:00Z") == "2026-11-22T10:00:00Z")
      #expect(try sandbox.value("duration", of: coast) == "5400", "a new start keeps the duration")
      #expect(try sandbox.batchCount() == batches + 1)
      batches += 1

      browser.type("\u{1B}[B\r+30m\r")  // the end, half an hour later: the duration follows
      try await browser.waitForScreen(showing: "› End       ◀ 2026-11-22 12:00:00+00:00 ▶")
      #expect(try await sandbox.value("duration", of: coast, becoming: "7200") == "7200")
      browser.type("\r2026-11-22 11:00\r")  // the end at 11:00
      #expect(try await sandbox.value("duration", of: coast, becoming: "3600") == "3600")

      browser.type("\u{1B}[B\r1h30m\r")
      try await browser.waitForScreen(showing: "› Duration  ◀ 1h 30m ▶")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5400") == "5400")
      browser.type("\r45m\r")
      #expect(try await sandbox.value("duration", of: coast, becoming: "2700") == "2700")
      browser.type("\r1:30:00\r")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5400") == "5400")
      #expect(try sandbox.batchCount() == batches + 5, "one batch for each value typed")
      batches += 5

      // What does not read stays on screen with the reason; the value stays as it was.
      browser.type("\rsoon\r")
      var screen = try await browser.waitForScreen(showing: "'soon' is not a duration")
      #expect(screen.contains("› Duration  soon▏"), "the entry stays open to be fixed\n\(screen)")
      browser.type("\u{1B}")  // Esc: the entry is left, the value as it was
      screen = try await browser.waitForScreen(showing: "› Duration  ◀ 1h 30m ▶")
      #expect(!screen.contains("is not a duration"), "\(screen)")
      browser.type("\u{1B}[A\r2026-11-22 09:00\r")  // an end before the start
      try await browser.waitForScreen(showing: "is before the journey's start")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "› End       ◀")
      browser.type("\u{1B}[A\r9999-12-31T23:30:00Z\r")  // a start whose end is past the calendar
      try await browser.waitForScreen(showing: "is too long")
      #expect(try sandbox.value("startDate", of: coast) == "2026-11-22T10:00:00Z")
      #expect(try sandbox.batchCount() == batches, "nothing refused was written")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "› Start     ◀")

      browser.type("\u{1B}[A\rbike\r")  // a type, as transport= reads it
      try await browser.waitForScreen(showing: "🚲 Bike")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "bike") == "bike")
      browser.type("u")  // one undo takes back the type alone
      try await browser.waitForScreen(showing: "🚗 Car")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")
      #expect(try sandbox.value("duration", of: coast) == "5400")
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// `q` is a character in the name (and in a search or a new journey's name: text), and
    /// leaves everywhere else: the controls and the entry of a value (none holds a q) back to
    /// the list, the list itself.
    @Test func qLeavesEverywhereButInText() async throws {
      let sandbox = try CLISandbox()
      let browser = try await editCoastRoad(sandbox)
      let batches = try sandbox.batchCount()
      browser.type("q")
      try await browser.waitForScreen(showing: "› Name      Coast roadq▏")
      #expect(!(try await browser.waitForScreen(showing: "⏎ Tab next  Esc list").contains("q list")))
      browser.type("\u{7F}\t")  // Backspace, then the type: the name is as it was, nothing written
      try await browser.waitForScreen(showing: "› Type")
      #expect(try await browser.waitForScreen(showing: "q list").contains("↑↓ Tab choose"))
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      #expect(try sandbox.batchCount() == batches, "a name typed back to what it was writes nothing")
      browser.type("\r\t\u{1B}[B\r+1dq")  // the start, a day later, then q: applied, back to the list
      try await browser.waitForScreen(showing: "3 journeys")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-22T08:00:00Z") == "2026-11-22T08:00:00Z")
      browser.type("/q")
      try await browser.waitForScreen(showing: "/q▏")
      browser.type("\u{1B}")
      try await browser.waitForScreen("the search cleared") { !$0.contains("/q") }
      browser.type("?")
      try await browser.waitForScreen(showing: "Press any key to go back.")
      browser.type("q")
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }
  }
}
