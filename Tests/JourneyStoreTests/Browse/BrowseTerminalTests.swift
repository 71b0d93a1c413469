import Foundation
import Testing

extension BrowseTests {
  /// The browser needs a terminal, follows its size, and gives it back as it found it.
  @Suite("Terminal")
  struct TerminalHandling {
    private let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    @Test func withoutATerminalItExits64AndSaysToUseList() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let result = try await sandbox.run("browse")
      result.expectExit(64)
      #expect(result.standardError.contains("use 'roadtrip list'"), "\(result)")
      let bare = try await sandbox.run([])
      bare.expectSuccess()
      #expect(bare.standardOutput.contains("USAGE") || bare.standardOutput.contains("Usage"), "help, as before\n\(bare)")
    }

    @Test func bareRoadtripOnATerminalBrowses() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser([])
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func followsResizesDownTo40By10() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser(columns: 100, rows: 20)
      var screen = try await browser.waitForScreen(showing: "3 journeys")
      #expect(screen.line(containing: "│ Name      Morning run").hasPrefix("  🚌 Ferry"), "card beside\n\(screen)")
      browser.terminal.resize(columns: 60, rows: 20)
      screen = try await browser.waitForScreen("the card below the list") {
        $0.line(containing: "│ Name      Morning run").hasPrefix("│")
      }
      browser.terminal.resize(columns: 40, rows: 10)
      screen = try await browser.waitForScreen("a screen of 40 by 10 without the card") {
        !$0.contains("│ Name") && $0.contains("Ferry")
      }
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 10, "\(screen)")
      #expect(screen.line(containing: "Morning run").hasPrefix("› 🚶 Morning run"), "\(screen)")
      browser.type("G")
      try await browser.waitForScreen("the last selected") { $0.line(containing: "Ferry").hasPrefix("› ") }
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test(arguments: [(SIGTERM, 128 + SIGTERM), (SIGHUP, 128 + SIGHUP), (SIGINT, Int32(130))])
    func aSignalOrCtrlCLeavesASaneTerminal(signal: Int32, exitCode: Int32) async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      #expect(!browser.terminal.settings.isCooked)
      kill(browser.pid, signal)
      #expect(try await browser.waitForExit() == exitCode)
      #expect(browser.terminal.settings == browser.initialSettings)
      #expect(browser.rawOutput.hasSuffix(leaveSequence))
    }

    /// A crash (here the signal a bad memory access or a runtime trap raises) still gives the
    /// terminal back, and the process ends by that signal.
    @Test(arguments: [SIGSEGV, SIGTRAP])
    func aCrashLeavesASaneTerminal(signal: Int32) async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      kill(browser.pid, signal)
      #expect(try await browser.waitForExit() == 128 + signal)
      #expect(browser.terminal.settings == browser.initialSettings)
      #expect(browser.rawOutput.hasSuffix(leaveSequence))
    }

    @Test func ctrlCExits130() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("\u{3}")
      #expect(try await browser.waitForExit() == 130)
      #expect(browser.terminal.settings == browser.initialSettings)
    }

    @Test func ctrlZGivesTheTerminalBackAndTakesItAgainOnContinuing() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      let framesBefore = browser.frameCount
      // Its own session's process group is orphaned: the kernel discards SIGTSTP, as after `fg`.
      browser.type("\u{1A}")
      try await browser.waitForScreen("a new frame") { _ in browser.frameCount > framesBefore }
      let output = browser.rawOutput
      let leave = try #require(output.range(of: leaveSequence), "the terminal was given back")
      #expect(output[leave.upperBound...].contains("\u{1B}[?1049h\u{1B}[?25l"), "and taken again")
      browser.type("j")
      try await browser.waitForScreen(showing: "Name      Coast road")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
      #expect(browser.terminal.settings == browser.initialSettings)
    }

    @Test func idleItDrawsNothing() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      #expect(try await browser.framesDrawn(during: .milliseconds(600)) == 0)
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }
  }
}
