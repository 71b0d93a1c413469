import Glibc
import Synchronization

/// Whether SIGINT or SIGTERM arrived, for a command that ends cleanly when told to stop (`watch`)
/// rather than at once with exit code 130.
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
}

/// Set from a signal handler, which can reach globals only.
private let interruptionFlag = Atomic<Bool>(false)
