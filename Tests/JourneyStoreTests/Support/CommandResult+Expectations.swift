import Testing

/// The one way a test says how a run of the binary must end: when it ends otherwise, the issue
/// shows everything the command printed, so that no test has to repeat `"\(result)"`.
extension CommandResult {
  /// Expects exit code 0.
  /// - Parameter context: What the run was, when a loop makes several.
  /// - Returns: The result, for a test that goes on to read its output.
  @discardableResult
  func expectSuccess(
    _ context: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> CommandResult {
    expectExit(0, context, sourceLocation: sourceLocation)
  }

  /// Expects exit code `code` (CLI.md, "Errors and exit codes").
  /// - Parameter context: What the run was, when a loop makes several.
  /// - Returns: The result, for a test that goes on to read its output.
  @discardableResult
  func expectExit(
    _ code: Int32, _ context: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> CommandResult {
    let shown: Comment = context.map { "\($0): \(self)" } ?? "\(self)"
    #expect(exitCode == code, shown, sourceLocation: sourceLocation)
    return self
  }
}
