import Glibc
import JourneyStore

/// How a full-screen session (`InteractiveSession`) ended.
enum SessionOutcome: Equatable {
  /// The user pressed `q`.
  case quit
  /// The user pressed Ctrl-C, or SIGINT arrived.
  case interrupted
  /// Another signal asked the process to end (SIGTERM, SIGHUP): it is raised again once the
  /// terminal is restored, so that the process ends as the signal says.
  case signalled(Int32)
}

extension SessionOutcome {
  /// Ends the command as the session ended, once the terminal is restored: waits for the edits
  /// still being saved (a write in flight would be lost with the process), then returns on `q`,
  /// throws for Ctrl-C (exit 130), and raises again a signal that asked the process to end.
  /// The edits are waited for also when the session failed (the terminal went away): its error
  /// is thrown once they are saved.
  /// - Throws: The session's error; the error of an edit found refused at the end (the screen can
  ///   no longer show it); or `CommandError.interrupted`.
  static func finish(
    _ session: Result<Self, any Error>, savingEditsOf database: JourneyDatabase
  ) throws {
    let refused = database.waitForPendingWrites().first
    let outcome = try session.get()
    if let refused { throw refused }
    switch outcome {
    case .quit:
      return
    case .interrupted:
      throw CommandError.interrupted
    case .signalled(let number):
      signal(number, SIG_DFL)
      raise(number)
      throw CommandError.interrupted
    }
  }
}
