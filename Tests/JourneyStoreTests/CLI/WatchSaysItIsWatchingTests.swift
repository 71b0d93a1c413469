import Foundation
import Testing

/// `watch` on a terminal says what it watches before the first change comes (issue 39, item
/// 18), on standard error; then prints the changes.
@Suite("roadtrip watch says it is watching")
struct WatchSaysItIsWatchingTests {
  @Test func saysItIsWatchingThenPrintsTheChange() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    var environment = sandbox.environment
    environment["TERM"] = "xterm-256color"
    let watch = try EditorProcess(["watch", "--count", "1"], environment: environment)
    let screen = try await watch.waitForScreen(showing: "for changes; Ctrl-C stops")
    #expect(screen.contains("roadtrip: watching \(sandbox.databasePath) for changes; Ctrl-C stops"), "\(screen)")
    // Edit until the watch has seen one: it may start following after the first edit.
    for _ in 0..<50 {
      try await sandbox.run("transport", "aaaa1", "--next").expectSuccess()
      try await Task.sleep(for: .milliseconds(200))
      watch.update()
      if watch.rawOutput.contains("transportationType") { break }
    }
    #expect(try await watch.waitForExit() == 0)
    #expect(watch.screen.contains("transportationType"), "\(watch.screen)")
  }
}
