import Foundation

/// A `roadtrip watch` running in the background, its standard output going to a file.
final class WatchProcess: @unchecked Sendable {
  let process = Process()
  private let outputPath: String

  init(sandbox: CLISandbox, arguments: [String]) throws {
    outputPath = sandbox.folder.file("watch-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: RoadtripBinary.path)
    process.arguments = arguments
    process.environment = sandbox.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  var isRunning: Bool { process.isRunning }

  /// What the watch printed so far.
  func output() -> String {
    String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
  }

  /// Waits for the process to end, polling; kills it when it takes longer than `limit`.
  /// - Returns: Its exit code, or `nil` when it had to be killed.
  func waitForExit(within limit: Duration) async throws -> Int32? {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        stop()
        return nil
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationStatus
  }

  /// Kills the process if it still runs.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
