import Foundation
import Testing

extension EditorTests {
  /// What the editor draws: the journey, the three controls, the keys.
  @Suite("Rendering")
  struct Rendering {
    @Test func showsTheJourneyAboveTheControlsAndTheKeys() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.coastID)
      let screen = try await editor.waitForScreen(showing: "q quit")
      for text in [
        "🚗 Car", "Coast road", "Start     2026-11-21 08:00:00+00:00", "End       2026-11-21 09:30:00+00:00",
        "Duration  1h 30m", SampleJourneys.coastID, "› Type", "Start", "Duration", "↑↓ Tab choose",
      ] {
        #expect(screen.contains(text), "\(text)\n\(screen)")
      }
      let lines = screen.split(separator: "\n").map(String.init)
      let card = try #require(lines.firstIndex { $0.contains("Coast road") })
      let picker = try #require(lines.firstIndex { $0.hasPrefix("› Type") })
      #expect(card < picker)
      #expect(editor.rawOutput.contains("\u{1B}[7m 🚗 Car \u{1B}[0m"), "the selected type in reverse video")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func noColorKeepsAHighlightInBrackets() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.coastID, environment: ["NO_COLOR": "1"])
      let screen = try await editor.waitForScreen(showing: "q: quit")
      #expect(screen.contains("> Type      Walk/Run Skateboard Scooter Bike [Car] Shared Ride Bus Light Rail"), "\(screen)")
      #expect(screen.contains("Car (car)"), "\(screen)")
      editor.type("\t")
      try await editor.waitForScreen(showing: "> Start     < 2026-11-21 08:00:00+00:00 >")
      let frames = editor.rawOutput.components(separatedBy: "\u{1B}[H").dropFirst(2)
      #expect(!frames.contains { $0.contains("\u{1B}[7m") || $0.contains("\u{1B}[1m") || $0.contains("\u{1B}[3") })
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func aNarrowTerminalShowsOnlyTheSelectedTypeAndAResizeRedraws() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.coastID, columns: 100, rows: 30)
      try await editor.waitForScreen(showing: "🚶 🛹 🛴 🚲")
      editor.terminal.resize(columns: 40, rows: 12)  // SIGWINCH
      let screen = try await editor.waitForScreen(showing: "◀  🚗 Car  ▶  5/8")
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 12, "\(screen)")
      #expect(lines.allSatisfy { $0.count <= 40 }, "\(screen)")
      #expect(screen.contains("Duration"), "the controls stay when the card does not fit")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }

    @Test func drawsOnlyWhenSomethingShownChanges() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      try await sandbox.run("set", SampleJourneys.coastID, "duration=0").expectSuccess()
      let editor = try sandbox.startEditor(SampleJourneys.coastID)
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[A\u{1B}[A")  // up from the type: the name, then the duration
      try await editor.waitForScreen(showing: "› Duration  ◀ 0s ▶")
      editor.type("-x")  // the duration stays 0 (an equal value notifies no one); x means nothing
      #expect(try await editor.framesDrawn(during: .milliseconds(400)) == 0)
      editor.type("+")
      try await editor.waitForScreen(showing: "› Duration  ◀ 5m ▶")
      #expect(try await sandbox.value("duration", of: SampleJourneys.coastID, becoming: "300") == "300")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
    }
  }
}
