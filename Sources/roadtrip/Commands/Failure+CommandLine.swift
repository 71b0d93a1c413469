import ArgumentParser

extension Failure {
  /// A command that failed, or whose command line did not parse: ArgumentParser's errors are
  /// said as the root command's usage says them.
  init(commandLine error: any Error) {
    guard Self.describe(error) == nil else {
      self.init(error)
      return
    }
    self.init(parsing: error)
  }

  /// A command line that does not parse or that `validate()` refused: ArgumentParser's message
  /// with the usage, exit code 64; or a request for help, which is not a failure.
  private init(parsing error: any Error) {
    let code = Roadtrip.exitCode(for: error)
    let text = Roadtrip.fullMessage(for: error)
    if code == .success {
      self.init(exitCode: .success, message: nil, standardOutput: text)
    } else {
      self.init(
        exitCode: code == .validationFailure ? .usage : ExitStatus(rawValue: code.rawValue) ?? .failure,
        message: text.isEmpty ? nil : text)
    }
  }
}
