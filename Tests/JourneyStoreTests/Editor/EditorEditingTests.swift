import Foundation
import Testing

extension EditorTests {
  /// Keys change the journey through write-through bindings: the database has each change
  /// while the editor is still open.
  @Suite("Editing")
  struct Editing {
    private let coast = SampleJourneys.coastID

    @Test func arrowsChangeTheTypeAndEachChangeIsSavedAtOnce() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "🚗 Car")
      editor.type("\u{1B}[C")  // right: car → hired-car
      try await editor.waitForScreen(showing: "🚕 Shared Ride")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      editor.type("\u{1B}[D\u{1B}[D")  // left twice: bike
      try await editor.waitForScreen(showing: "🚲 Bike")
      #expect(editor.exitCode == nil, "still open")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "bike") == "bike")
      #expect(try sandbox.changedFields(inBatch: sandbox.batchCount())[coast] == ["transportationType"])
      editor.type("\u{1B}OD")  // left in the terminal's application mode: scooter
      try await editor.waitForScreen(showing: "🛴 Scooter")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "scooter") == "scooter")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(try sandbox.origins().suffix(4) == Array(repeating: "roadtrip edit \(coast)", count: 4))
    }

    @Test func theTypeWrapsAroundAtBothEnds() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.runID)  // walk-or-run, the first type
      try await editor.waitForScreen(showing: "Walk/Run")
      editor.type("-")
      try await editor.waitForScreen(showing: "🚈 Light Rail")
      editor.type("+")
      try await editor.waitForScreen(showing: "🚶 Walk/Run")
      #expect(try await sandbox.value("transportationType", of: SampleJourneys.runID, becoming: "walk-or-run") == "walk-or-run")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func theStartStepsByQuarterHoursAndTheDurationByFiveMinutes() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[B")  // down: the start
      try await editor.waitForScreen(showing: "› Start     ◀ 2026-11-21 08:00:00+00:00 ▶  15 min steps")
      editor.type("\u{1B}[C\u{1B}[C+")
      try await editor.waitForScreen(showing: "End       2026-11-21 10:15:00+00:00")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-21T08:45:00Z") == "2026-11-21T08:45:00Z")
      editor.type("\u{1B}[D")
      try await editor.waitForScreen(showing: "Start     2026-11-21 08:30:00+00:00")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-21T08:30:00Z") == "2026-11-21T08:30:00Z")

      editor.type("\t\t")  // tab twice: past the end, to the duration
      try await editor.waitForScreen(showing: "› Duration  ◀ 1h 30m ▶  5 min steps")
      editor.type("--")
      try await editor.waitForScreen(showing: "Duration  1h 20m")
      #expect(try await sandbox.value("duration", of: coast, becoming: "4800") == "4800")
      editor.type("\u{1B}[C\u{1B}[C\u{1B}[C")
      try await editor.waitForScreen(showing: "End       2026-11-21 10:05:00+00:00")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5700") == "5700")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")

      editor.type("\t\t")  // tab: the name field, then round to the type
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[Z\u{1B}[Z")  // shift-tab: the name, then back to the duration
      try await editor.waitForScreen(showing: "› Duration")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-21T08:30:00Z") == "2026-11-21T08:30:00Z")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5700") == "5700")
    }

    /// Enter types a control's value as `set` reads it; what does not read changes nothing and
    /// says why; `q` applies what was typed and quits, and so does a signal that ends the editor.
    @Test func enterTypesAValueAndQuittingKeepsWhatWasTyped() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      var editor = try sandbox.startEditor(coast, environment: ["ROADTRIP_NOW": "2026-11-21T09:00:00Z"])
      try await editor.waitForScreen(showing: "↑↓ Tab choose  ←→ - + change  ⏎ type a value  q quit")
      editor.type("\u{1B}[B\u{1B}[B\r")  // the end
      try await editor.waitForScreen(showing: "› End       ▏")
      editor.type("10:0x\r")
      try await editor.waitForScreen(showing: "'10:0x' is not a date")
      #expect(try sandbox.value("duration", of: coast) == "5400")
      editor.type("\u{7F}0\r")  // 10:00 today, the 21st: two hours after the start
      try await editor.waitForScreen(showing: "› End       ◀ 2026-11-21 10:00:00+00:00 ▶")
      #expect(try await sandbox.value("duration", of: coast, becoming: "7200") == "7200")
      editor.type("\u{1B}[B\r2h15mq")  // the duration, then q before Enter
      #expect(try await editor.waitForExit() == 0)
      #expect(try sandbox.value("duration", of: coast) == "8100")

      editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\rbus")
      try await editor.waitForScreen(showing: "› Type      bus▏")
      kill(editor.pid, SIGHUP)  // what a terminal that closes sends
      #expect(try await editor.waitForExit() == 128 + SIGHUP)
      #expect(try sandbox.value("transportationType", of: coast) == "bus")
    }
  }
}
