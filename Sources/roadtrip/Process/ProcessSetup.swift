import Glibc

/// What the process arranges before parsing its command line.
enum ProcessSetup {
  /// A file to remove if the process is interrupted: the temporary file an export to a file is
  /// writing, before it is renamed into place. The process has one thread; the SIGINT handler
  /// reads it.
  nonisolated(unsafe) static var temporaryFile: UnsafeMutablePointer<CChar>? = nil

  /// What SIGINT says on standard error before the process ends, such as that an import imported
  /// nothing; a C string that lives as long as the process, read by the SIGINT handler.
  nonisolated(unsafe) static var interruptionMessage: UnsafePointer<CChar>? = nil

  /// The standard streams that were closed when the process started, which `/dev/null` stands
  /// in for: output to them fails, as it would have.
  nonisolated(unsafe) private(set) static var closedAtStart: Set<Int32> = []

  /// Ignores SIGPIPE, so that a reader closing the pipe shows up as `EPIPE` from `write`;
  /// makes SIGINT and SIGTERM end the process with exit code 128 + the signal (130 for SIGINT:
  /// an open transaction is rolled back by SQLite; the temporary file of an export is removed)
  /// until the command's changes are committed, and be noted after that (`Interruption`),
  /// unblocking them in case the parent left them blocked, unless the parent ignores them (a
  /// background job); and puts `/dev/null` in place of a closed standard stream, so that no
  /// file the command opens takes its descriptor, remembering that standard output was closed.
  static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    var endings = sigset_t()
    sigemptyset(&endings)
    for number in [SIGINT, SIGTERM] {
      // signal() restarts a system call the handler interrupted, such as a blocked write.
      let previous = signal(number) { number in
        guard !Interruption.deferAfterCommit(number) else { return }
        if let file = ProcessSetup.temporaryFile { unlink(file) }
        if let message = ProcessSetup.interruptionMessage { _ = write(STDERR_FILENO, message, strlen(message)) }
        _exit(128 + number)
      }
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(number, SIG_IGN)
      }
      sigaddset(&endings, number)
    }
    sigprocmask(SIG_UNBLOCK, &endings, nil)
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let replacement = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if replacement >= 0 && replacement != descriptor {
        dup2(replacement, descriptor)
        close(replacement)
      }
      closedAtStart.insert(descriptor)
    }
  }

  /// Ends the process with an exit code, flushing C's standard streams, and says when a signal
  /// came after the command's changes were committed; the corresponding C function is `exit`.
  static func end(with status: ExitStatus) -> Never {
    if let note = Interruption.noteOnExit { StandardError.write(note) }
    exit(status.rawValue)
  }
}
