#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Whether SIGINT or SIGTERM arrived, for a command that ends cleanly when told to stop (`watch`)
/// rather than at once with exit code 130.
enum Interruption {
  /// Makes SIGINT and SIGTERM set the flag instead of ending the process; a blocking `poll`
  /// returns early with `EINTR`, so that a waiting loop notices.
  static func catchSignals() {
    _ = hasHappened
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptionFlag.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    for signal in [SIGINT, SIGTERM] {
      sigaction(signal, &action, nil)
    }
  }

  /// Whether a signal asked the process to stop.
  static var hasHappened: Bool {
    interruptionFlag.load(ordering: .relaxed)
  }
}

/// Set from a signal handler, which can reach globals only.
private let interruptionFlag = Atomic<Bool>(false)
