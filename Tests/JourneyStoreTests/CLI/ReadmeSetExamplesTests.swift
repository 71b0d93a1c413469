import Foundation
import Testing

/// Every `set` example of the README, run as written by `/bin/sh` with `roadtrip` on `PATH`: a
/// console line `$ … roadtrip set …` and an inline `set ID …`, with `ID` the id of a journey.
@Suite("The README's set examples")
struct ReadmeSetExamplesTests {
  /// The examples as the README writes them, `roadtrip ` in front of the inline ones.
  static let examples: [String] = {
    let text = (try? String(contentsOf: ReadmeSetupTests.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    let consoleLines = text.split(separator: "\n").filter { $0.hasPrefix("$ ") && $0.contains("roadtrip set ") }
      .map { String($0.dropFirst(2).prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces) }
    let inline = text.components(separatedBy: "`set ID ").dropFirst()
      .map { "roadtrip set ID " + $0.prefix { $0 != "`" } }
    return consoleLines + inline
  }()

  @Test func theReadmeHasSetExamples() {
    #expect(Self.examples.count >= 2, "\(Self.examples)")
    #expect(Self.examples.contains("roadtrip set ID start=+1d duration=+15m end=-10m"))
  }

  @Test(arguments: examples)
  func runsAsWritten(_ example: String) async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(
      "add", "School run", "--start", "2026-11-22T08:15:00Z", "--duration", "20m").lines.first)
    let bin = sandbox.folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin + "/roadtrip", withDestinationPath: RoadtripBinary.path)
    var environment = sandbox.environment
    environment["PATH"] = bin + ":/usr/bin:/bin"
    environment["ROADTRIP_NOW"] = "2026-11-21T12:00:00Z"
    let result = try await Child.run(
      "/bin/sh", ["-c", example.replacingOccurrences(of: " ID ", with: " \(id) ")], environment: environment,
      in: sandbox.folder, timeout: nil)
    #expect(result.exitCode == 0, "\(example): \(result)")
    let history = try await sandbox.run("history", "--format", "ndjson")
    #expect(history.lines.count > 1, "\(example) changed nothing")
  }

  /// The README's relative example: edits apply in the order written, each to the journey as the
  /// ones before left it, so `end=-10m` moves the end that `duration=+15m` made.
  @Test func relativeEditsApplyInOrder() async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(
      "add", "School run", "--start", "2026-11-22T08:15:00Z", "--duration", "20m").lines.first)
    let result = try await sandbox.run("set", id, "start=+1d", "duration=+15m", "end=-10m")
    result.expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == "2026-11-23T08:15:00Z")
    #expect(try sandbox.value("duration", of: id) == "1500")
    #expect(try sandbox.value("endDate", of: id) == "2026-11-23T08:40:00Z")
    #expect(try sandbox.changedFields(inBatch: 2)[id] == ["startDate", "duration"])
    let later = try await sandbox.run("set", id, "duration=1h", "end=+30m", "start=-1h")
    later.expectSuccess()
    #expect(try sandbox.value("duration", of: id) == "5400")
    #expect(try sandbox.value("startDate", of: id) == "2026-11-23T07:15:00Z")
  }

  /// A value that replaces what an earlier edit of the same field did would discard it.
  @Test(arguments: [
    (["duration=+15m", "end=2026-11-22T09:00:00Z"], "'duration' is set twice (end= sets the duration too)"),
    (["duration=1h", "duration=2h"], "'duration' is set twice"),
    (["start=+1d", "start=tomorrow"], "'startDate' is set twice"),
  ])
  func aValueAfterAnEditOfTheSameFieldIsRefused(_ edits: [String], _ message: String) async throws {
    let sandbox = try CLISandbox()
    let id = try #require(try await sandbox.run(
      "add", "School run", "--start", "2026-11-22T08:15:00Z", "--duration", "20m").lines.first)
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["set", id] + edits)
    result.expectExit(64)
    #expect(result.standardError.hasPrefix("roadtrip: error: " + message), "\(result)")
    #expect(result.standardError.contains("relative edit"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }
}
