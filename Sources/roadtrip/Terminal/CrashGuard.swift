import Glibc

/// Gives the terminal back when the process crashes (a trap of the Swift runtime, a bad memory
/// access, an abort), which no `defer` survives: handlers for those signals put back the settings
/// of standard input and leave the alternate screen, with async-signal-safe calls only, then let
/// the signal end the process as it would have (a core dump included).
enum CrashGuard {
  /// The signals a crash raises.
  static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// The settings of standard input to put back; set by `install()`.
  nonisolated(unsafe) private static var original = termios()

  /// Remembers the terminal's settings as they are now and installs the handlers, once per
  /// process: call it before taking the terminal over.
  static func install() {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    for number in signals {
      signal(number) { number in
        let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = Glibc.write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &CrashGuard.original)
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }
}
