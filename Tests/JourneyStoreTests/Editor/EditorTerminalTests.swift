import Foundation
import Testing

extension EditorTests {
  /// The editor needs a terminal, and gives it back as it found it on every way out.
  @Suite("Terminal")
  struct TerminalHandling {
    private let coast = SampleJourneys.coastID
    /// What the editor writes last: reset colours, show the cursor, leave the alternate screen.
    private let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    @Test func qRestoresTheTerminal() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      let before = editor.initialSettings
      #expect(before.isCooked)
      try await editor.waitForScreen(showing: "q quit")
      let during = editor.terminal.settings
      #expect(!during.isCooked, "raw mode while editing: \(during)")
      #expect(during.localFlags & UInt32(ISIG) == 0, "Ctrl-C is a key, not a signal")
      #expect(editor.rawOutput.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "alternate screen, hidden cursor")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(editor.terminal.settings == before)
      #expect(editor.rawOutput.hasSuffix(leaveSequence))
    }

    @Test func ctrlCExits130AndRestoresTheTerminal() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      let before = editor.initialSettings
      try await editor.waitForScreen(showing: "q quit")
      editor.type("\u{3}")
      #expect(try await editor.waitForExit() == 130)
      #expect(editor.terminal.settings == before)
      #expect(editor.rawOutput.hasSuffix(leaveSequence))
      #expect(!editor.rawOutput.contains("roadtrip: error"))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, 128 + SIGTERM), (SIGHUP, 128 + SIGHUP)])
    func aSignalRestoresTheTerminalThenEndsTheProcess(_ signal: Int32, exitCode: Int32) async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      let before = editor.initialSettings
      try await editor.waitForScreen(showing: "q quit")
      kill(editor.pid, signal)
      #expect(try await editor.waitForExit() == exitCode)
      #expect(editor.terminal.settings == before)
      #expect(editor.rawOutput.hasSuffix(leaveSequence))
    }

    @Test func ctrlZGivesTheTerminalBackAndTakesItAgainOnContinuing() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(coast)
      let before = editor.initialSettings
      try await editor.waitForScreen(showing: "q quit")
      let framesBefore = editor.frameCount
      // The editor runs in a session of its own whose process group is orphaned: the kernel
      // discards its SIGTSTP, so it continues at once, as after `fg`.
      editor.type("\u{1A}")
      try await editor.waitForScreen(timeout: .seconds(15), "a new frame") { _ in editor.frameCount > framesBefore + 1 }
      let output = editor.rawOutput
      let leave = try #require(output.range(of: leaveSequence), "the terminal was given back")
      #expect(output[leave.upperBound...].contains("\u{1B}[?1049h\u{1B}[?25l"), "and taken again")
      #expect(editor.terminal.settings != before)
      editor.type("\u{1B}[C")
      try await editor.waitForScreen(showing: "🚕 Shared Ride")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(editor.terminal.settings == before)
    }

    @Test func withoutATerminalItIsAUsageError() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let before = try sandbox.snapshot()
      let result = try await sandbox.run("edit", coast)
      result.expectExit(64)
      #expect(result.standardError.hasPrefix("roadtrip: error: edit needs a terminal"), "\(result)")
      #expect(result.standardOutput == "")
      #expect(try sandbox.snapshot() == before)
    }

    @Test func anUnknownJourneyFailsBeforeTakingTheTerminal() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor("cccc")
      #expect(try await editor.waitForExit() == 66)
      #expect(editor.screen.contains("roadtrip: error: no journey"), "\(editor.screen)")
      #expect(!editor.rawOutput.contains("\u{1B}[?1049h"))
    }

    @Test func helpDocumentsTheKeys() async throws {
      let sandbox = try CLISandbox()
      let result = try await sandbox.run("edit", "--help")
      result.expectSuccess()
      for text in [
        "up, down (or Tab, Shift-Tab)", "left, right (or -, +)", "15 minutes", "5 minutes", "Enter", "tomorrow 9am",
        "1h30m", "q ", "Ctrl-C", "130", "Ctrl-Z", "--db <path>",
      ] {
        #expect(result.standardOutput.contains(text), "\(text)")
      }
    }
  }
}
