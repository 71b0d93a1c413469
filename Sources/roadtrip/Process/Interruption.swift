import Glibc
import Synchronization

/// SIGINT and SIGTERM: what they do depends on how far the command got.
///
/// Until a command's changes are committed, they end it at once with 128 + the signal (130 for
/// SIGINT): SQLite rolls back what it had not committed, so nothing is half done
/// (`ProcessSetup`). Once they are committed they are stored, and ending with 130 would tell a
/// script that they were not (it would run the command again): from then on (while SQLite
/// checkpoints, while the summary is written) a signal is only noted, the command finishes, and
/// the process says that the interruption came after the commit. A command that
/// ends cleanly when told to stop (`watch`) catches them instead (`catchSignals()`).
enum Interruption {
  /// Makes the first SIGINT or SIGTERM set the flag instead of ending the process (a blocking
  /// `poll` returns early with `EINTR`, so that a waiting loop notices); a second one ends it as
  /// the signal does by default, in case the first could not be noticed (a write blocked on a
  /// full pipe). A signal the parent made the process ignore (a background job) stays ignored.
  static func catchSignals() {
    _ = hasHappened
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptionFlag.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000
    for signal in [SIGINT, SIGTERM] {
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      let ignored = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      if !ignored { sigaction(signal, &action, nil) }
    }
  }

  /// Whether a signal asked the process to stop.
  static var hasHappened: Bool {
    interruptionFlag.load(ordering: .relaxed)
  }

  /// Notes that the command's changes are committed (SQLite's WAL hook calls it): from now on
  /// SIGINT and SIGTERM no longer end the process.
  @Sendable static func noteCommit() {
    commitFlag.store(true, ordering: .relaxed)
  }

  /// Called from the handler of SIGINT and SIGTERM: after a commit, notes the signal.
  /// - Returns: Whether the signal was noted, so that the process must go on.
  static func deferAfterCommit(_ number: Int32) -> Bool {
    guard commitFlag.load(ordering: .relaxed) else { return false }
    signalAfterCommit.store(number, ordering: .relaxed)
    return true
  }

  /// What to tell the user on the way out when a signal came after the commit, or `nil`.
  static var noteOnExit: String? {
    let number = signalAfterCommit.load(ordering: .relaxed)
    guard number != 0 else { return nil }
    let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
    return "roadtrip: \(name) arrived after the changes were committed: they are stored, and the command finished\n"
  }
}

/// Set from a signal handler, which can reach globals only.
private let interruptionFlag = Atomic<Bool>(false)
/// Whether the command's changes are committed.
private let commitFlag = Atomic<Bool>(false)
/// The signal that arrived after the commit; 0 when none did.
private let signalAfterCommit = Atomic<Int32>(0)
