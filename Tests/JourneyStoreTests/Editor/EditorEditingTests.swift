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

      editor.type("\t")  // tab: the duration
      try await editor.waitForScreen(showing: "› Duration  ◀ 1h 30m ▶  5 min steps")
      editor.type("--")
      try await editor.waitForScreen(showing: "Duration  1h 20m")
      #expect(try await sandbox.value("duration", of: coast, becoming: "4800") == "4800")
      editor.type("\u{1B}[C\u{1B}[C\u{1B}[C")
      try await editor.waitForScreen(showing: "End       2026-11-21 10:05:00+00:00")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5700") == "5700")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")

      editor.type("\t")  // tab wraps to the type
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[Z")  // shift-tab: back to the duration
      try await editor.waitForScreen(showing: "› Duration")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(try await sandbox.value("startDate", of: coast, becoming: "2026-11-21T08:30:00Z") == "2026-11-21T08:30:00Z")
      #expect(try await sandbox.value("duration", of: coast, becoming: "5700") == "5700")
    }
  }
}
