import Foundation

/// A `roadtrip watch` running in the background, its standard output going to a file.
final class WatchProcess: @unchecked Sendable {
  let process = Process()
  private let outputPath: String

  /// - Parameters:
  ///   - inTerminal: Runs the watch on a terminal, through `script`, as `CLISandbox.runInTerminal`
  ///     runs a command.
  ///   - changes: Environment variables to set for it.
  init(sandbox: CLISandbox, arguments: [String], inTerminal: Bool = false, environment changes: [String: String] = [:]) throws {
    outputPath = sandbox.folder.file("watch-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    if inTerminal {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      let commandLine = ([RoadtripBinary.path] + arguments).map(CLISandbox.shellQuoted).joined(separator: " ")
      process.arguments = ["-q", "-e", "-c", commandLine, "/dev/null"]
    } else {
      process.executableURL = URL(fileURLWithPath: RoadtripBinary.path)
      process.arguments = arguments
    }
    process.environment = sandbox.environment.merging(changes) { $1 }
    process.standardInput = FileHandle.nullDevice
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try RoadtripBinary.startClosing(process, [output])
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
