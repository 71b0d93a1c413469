/// How an editing session ended.
enum EditorOutcome: Equatable {
  /// The user pressed `q`.
  case quit
  /// The user pressed Ctrl-C, or SIGINT arrived.
  case interrupted
  /// Another signal asked the process to end (SIGTERM, SIGHUP): it is raised again once the
  /// terminal is restored, so that the process ends as the signal says.
  case signalled(Int32)
}
