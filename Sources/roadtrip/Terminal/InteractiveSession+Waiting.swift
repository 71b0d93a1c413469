import Glibc
import JourneyStore

extension InteractiveSession {
  /// Waits for one of: a key, a write to the database file, a signal, or the end of a short
  /// wait (to finish an escape sequence, or to look at the file again), and handles it.
  /// - Returns: How the session ends, or `nil` to go on.
  /// - Throws: `CommandError.cannotReadInput` when the terminal cannot be read (it went away).
  func waitAndHandle(terminal: Terminal, signals: SignalPipe) throws -> SessionOutcome? {
    var descriptors = [STDIN_FILENO, monitor.fileDescriptor, signals.fileDescriptor].map {
      pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
    // What the user does now is a command of its own: it reads `now` from the clock, once, not
    // from the instant the session started.
    return try DateExpression.withNow(DateExpression.clockNow) {
      try handle(ready: ready, descriptors, terminal: terminal, signals: signals)
    }
  }

  /// Handles what `poll` found ready.
  private func handle(
    ready: Int32, _ descriptors: [pollfd], terminal: Terminal, signals: SignalPipe
  ) throws -> SessionOutcome? {
    if ready < 0 {
      guard errno == EINTR else { throw CommandError.cannotReadInput(reason: String(cString: strerror(errno))) }
      return nil
    }
    if descriptors[2].revents != 0 {
      for number in signals.takeSignals() {
        switch number {
        case SIGWINCH: resize(to: terminal.size)
        case SIGINT: return .interrupted
        case SIGTSTP: isSuspending = true
        default: return .signalled(number)
        }
      }
    }
    if descriptors[0].revents != 0, let outcome = try handle(readKeys()) {
      return outcome
    }
    if descriptors[1].revents != 0, monitor.takeEvents() {
      schedule.noteWake(true)
      takeOutsideChanges()
    }
    if ready == 0 {
      if let outcome = handle(decoder.flush()) { return outcome }
      schedule.noteWake(false)
      takeOutsideChanges()
    }
    return nil
  }

  /// How long `poll` may sleep: a moment to finish an escape sequence, else as the library's
  /// `WakeSchedule` says (briefly and again just after the file was written, a quarter of a
  /// second otherwise, so that a commit that became visible after its last write is not missed).
  private var timeoutMilliseconds: Int32 {
    let timeout = decoder.hasPending ? min(schedule.next, .milliseconds(50)) : schedule.next
    return Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
  }

  /// The keys that standard input holds now.
  /// - Throws: `CommandError.cannotReadInput` when the terminal was closed or cannot be read.
  private func readKeys() throws -> [Key] {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
    guard count > 0 else {
      throw CommandError.cannotReadInput(reason: count == 0 ? "the terminal was closed" : String(cString: strerror(errno)))
    }
    return decoder.keys(from: buffer[..<count])
  }
}
