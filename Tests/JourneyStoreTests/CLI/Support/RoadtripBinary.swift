import Foundation

/// The built `roadtrip` executable, found next to the test bundle (as swift-argument-parser's
/// test helpers find theirs), run as a real process.
enum RoadtripBinary {
  /// The executable's path: the folder of the running test binary holds the package's products.
  static let path: String = {
    let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("roadtrip").path
  }()

  /// Runs `roadtrip` with arguments in a controlled environment and collects what it left,
  /// waiting as long as it takes.
  /// - Parameters:
  ///   - arguments: The arguments after `roadtrip`.
  ///   - environment: The whole environment (nothing is inherited).
  ///   - input: Standard input; empty by default (`/dev/null`).
  ///   - folder: A folder for the captured output files, and the working folder.
  static func run(
    _ arguments: [String], environment: [String: String], input: String? = nil, in folder: TemporaryFolder
  ) async throws -> CommandResult {
    try await Child.run(path, arguments, environment: environment, inputText: input, in: folder, timeout: nil)
  }

  /// The arguments of `script` that run a command line on a pseudo-terminal, so that its
  /// standard input, output and error are all a terminal: `script` copies what it shows to its
  /// own standard output.
  static func terminalArguments(_ commandLine: String) -> [String] {
    ["-q", "-e", "-c", commandLine, "/dev/null"]
  }

  /// `script`, which runs a command on a pseudo-terminal.
  static let script = "/usr/bin/script"
}
