import Foundation

/// Runs one test of this test binary alone, in a process of its own, to measure its main actor:
/// in the test process, every `@MainActor` suite shares one main actor, and their work would be
/// counted as the stalls of whichever test measures. A probe suite is enabled only in such a
/// process (`isProbe`); it prints each figure as a line `figure NAME MILLISECONDS`, which
/// `run(_:)` hands back.
enum MainActorProbe {
  /// The environment variable that makes a process a probe.
  static let variable = "JOURNEYSTORE_MAIN_ACTOR_PROBE"

  /// Whether this process runs the probes: the test binary started by `run(_:)`.
  static var isProbe: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

  /// Prints a figure for the process that started the probe.
  static func report(_ name: String, _ duration: Duration) {
    print("figure \(name) \(StallTicker.milliseconds(duration))")
  }

  /// Runs the tests `filter` names (a test's or a suite's name) in this test binary, as a probe.
  /// - Returns: The probe's result (its exit code 0 when its own expectations held) and the
  ///   figures it printed, in milliseconds by name.
  static func run(_ filter: String) async throws -> (result: CommandResult, figures: [String: Double]) {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    var environment = ProcessInfo.processInfo.environment
    environment[variable] = "1"
    let result = try await Child.run(
      binary, ["--testing-library", "swift-testing", "--filter", filter], environment: environment,
      timeout: .seconds(600))
    var figures: [String: Double] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 3, words[0] == "figure", let value = Double(words[2]) else { continue }
      figures[String(words[1])] = value
    }
    return (result, figures)
  }
}
