import Foundation

/// A `roadtrip watch` running in the background, its standard output going to a file.
final class WatchProcess: @unchecked Sendable {
  private let child: Child

  /// - Parameters:
  ///   - inTerminal: Runs the watch on a terminal, through `script`, as `CLISandbox.runInTerminal`
  ///     runs a command.
  ///   - changes: Environment variables to set for it.
  init(sandbox: CLISandbox, arguments: [String], inTerminal: Bool = false, environment changes: [String: String] = [:]) throws {
    let environment = sandbox.environment.merging(changes) { $1 }
    if inTerminal {
      let commandLine = ([RoadtripBinary.path] + arguments).map(CLISandbox.shellQuoted).joined(separator: " ")
      child = try Child(
        RoadtripBinary.script, RoadtripBinary.terminalArguments(commandLine), environment: environment,
        in: sandbox.folder, error: FileHandle.nullDevice)
    } else {
      child = try Child(
        RoadtripBinary.path, arguments, environment: environment, in: sandbox.folder, error: FileHandle.nullDevice)
    }
  }

  var process: Process { child.process }

  var isRunning: Bool { child.isRunning }

  /// What the watch printed so far.
  func output() -> String {
    child.outputSoFar()
  }

  /// Waits for the process to end; kills it when it takes longer than `limit`.
  /// - Returns: Its exit code, or `nil` when it had to be killed.
  func waitForExit(within limit: Duration) async throws -> Int32? {
    do {
      return try await child.finish(within: limit).exitCode
    } catch is ChildTimeout {
      return nil
    }
  }

  /// Kills the process if it still runs.
  func stop() {
    child.signal(SIGKILL)
    _ = try? child.finishBlocking(within: nil)
  }
}
