import Glibc
import JourneyStore

/// How an editing session ended.
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
  /// - Throws: The error of an edit found refused at the end (the screen can no longer show it),
  ///   or `CommandError.interrupted`.
  func finish(savingEditsOf database: JourneyDatabase) throws {
    if let refused = database.waitForPendingWrites().first { throw refused }
    switch self {
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
