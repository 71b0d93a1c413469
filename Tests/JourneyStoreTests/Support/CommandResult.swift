/// What a finished `roadtrip` process left: its standard output and error, and its exit code.
struct CommandResult: CustomStringConvertible {
  let standardOutput: String
  let standardError: String
  /// The exit code, or 128 + the signal number when a signal ended the process.
  let exitCode: Int32

  /// Standard output split into lines, without the final newline.
  var lines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  var description: String {
    "exit \(exitCode)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
  }
}
