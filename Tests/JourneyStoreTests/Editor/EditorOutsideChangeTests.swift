import Foundation
import Testing

extension EditorTests {
  /// Other processes use the file while the editor is open: their commits appear on screen, and
  /// their locks make a change fail, visibly, without losing anything.
  @Suite("Other processes")
  struct OtherProcesses {
    private let coast = SampleJourneys.coastID

    @Test func aChangeByAnotherProcessAppearsOnScreen() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "Coast road")
      try await sandbox.run("set", "aaaa1", "name=Coast road, day 2", "duration=2h").expectSuccess()
      var screen = try await editor.waitForScreen(showing: "Coast road, day 2")
      #expect(screen.contains("Duration  2h"), "\(screen)")
      #expect(screen.contains("Changed by another process: roadtrip set aaaa1 'name=Coast road, day 2' duration=2h"), "\(screen)")
      try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
      screen = try await editor.waitForScreen(showing: "🚲 Bike")
      #expect(screen.contains("Changed by another process: roadtrip transport aaaa1 bike"), "\(screen)")

      editor.type("\u{1B}[C")  // the editor goes on from the new value: bike → car
      try await editor.waitForScreen(showing: "🚗 Car")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")
      #expect(try await sandbox.value("name", of: coast, becoming: "Coast road, day 2") == "Coast road, day 2")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func aDeletionByAnotherProcessIsShownAndOnlyQuitRemains() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "Coast road")
      try await sandbox.run("delete", "aaaa1").expectSuccess()
      let screen = try await editor.waitForScreen(showing: "Deleted by another process (roadtrip delete aaaa1); press q to quit.")
      #expect(!screen.contains("› Type"), "\(screen)")
      editor.type("\u{1B}[C+")
      #expect(try await editor.framesDrawn(during: .milliseconds(300)) == 0)
      #expect(try sandbox.record(coast) == nil)
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func aJourneyBroughtBackByUndoCanBeEditedAgain() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "Coast road")
      try await sandbox.run("delete", "aaaa1").expectSuccess()
      try await editor.waitForScreen(showing: "Deleted by another process")
      try await sandbox.run("undo").expectSuccess()
      let screen = try await editor.waitForScreen(showing: "Changed by another process: roadtrip undo")
      #expect(screen.contains("› Type"), "the controls are back\n\(screen)")
      editor.type("\u{1B}[C")
      try await editor.waitForScreen(showing: "🚕 Shared Ride")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func aChangeThatCannotBeSavedSnapsBackWithTheReason() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast, environment: ["ROADTRIP_BUSY_TIMEOUT": "200"])
      try await editor.waitForScreen(showing: "🚗 Car")
      let lock = try await LockHolder(.python, on: sandbox.databasePath, in: sandbox.folder)
      editor.type("\u{1B}[C")
      let screen = try await editor.waitForScreen(showing: "Not saved: the database stayed locked by another process")
      #expect(screen.contains("🚗 Car"), "snapped back\n\(screen)")
      #expect(!screen.contains("Shared Ride"), "\(screen)")
      #expect(editor.exitCode == nil)
      try await lock.release()
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")

      editor.type("\u{1B}[C")
      let saved = try await editor.waitForScreen(showing: "🚕 Shared Ride")
      #expect(!saved.contains("Not saved"), "the next change that is saved clears the error\n\(saved)")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func aChangeShowsAtOnceWhileAnotherProcessHoldsTheLockAndIsSavedAfter() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast, environment: ["ROADTRIP_BUSY_TIMEOUT": "60000"])
      try await editor.waitForScreen(showing: "🚗 Car")
      let lock = try await LockHolder(.python, on: sandbox.databasePath, in: sandbox.folder)
      editor.type("\u{1B}[C")
      // The screen follows at once, and keys go on working while the save waits for the lock.
      try await editor.waitForScreen(showing: "🚕 Shared Ride", timeout: .seconds(5))
      editor.type("\u{1B}[B")
      try await editor.waitForScreen(showing: "› Start", timeout: .seconds(5))
      #expect(try sandbox.value("transportationType", of: coast) == "car", "not saved while the lock is held")
      try await lock.release()
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func quittingWaitsForTheChangesStillBeingSaved() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast, environment: ["ROADTRIP_BUSY_TIMEOUT": "60000"])
      try await editor.waitForScreen(showing: "🚗 Car")
      let lock = try await LockHolder(.python, on: sandbox.databasePath, in: sandbox.folder)
      editor.type("\u{1B}[C")
      try await editor.waitForScreen(showing: "🚕 Shared Ride", timeout: .seconds(5))
      editor.type("q")
      try await Task.sleep(for: .milliseconds(300))
      #expect(editor.exitCode == nil, "still saving")
      try await lock.release()
      #expect(try await editor.waitForExit() == 0)
      #expect(try sandbox.value("transportationType", of: coast) == "hired-car")
    }

    @Test func aValueTheDatabaseRefusesSnapsBackWithTheReason() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      try await sandbox.run("set", "aaaa1", "start=9999-12-31T23:50:00Z", "duration=0")
        .expectSuccess()
      let editor = try sandbox.startEditor(coast)
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[B\u{1B}[C")  // the start, 15 minutes later: the year 10000
      let screen = try await editor.waitForScreen(showing: "Not saved: the database refused the value")
      #expect(screen.contains("start dates lie in the years 0000 to 9999"), "\(screen)")
      #expect(screen.contains("› Start     ◀ 9999-12-31 23:50:00+00:00 ▶"), "snapped back\n\(screen)")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "9999-12-31T23:50:00Z") == "9999-12-31T23:50:00Z")
      editor.type("\u{1B}[D")  // earlier is fine
      let saved = try await editor.waitForScreen(showing: "Start     9999-12-31 23:35:00+00:00")
      #expect(!saved.contains("Not saved"), "\(saved)")
      #expect(try await sandbox.value("startDate", of: coast, becoming: "9999-12-31T23:35:00Z") == "9999-12-31T23:35:00Z")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }
  }
}
