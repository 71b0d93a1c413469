import Glibc

/// Output to a file descriptor, buffered, with its failures reported: a reader that closes the
/// pipe ends the command quietly (`CommandError.outputClosed`), any other failure (a full disk, a
/// closed descriptor) is an error (`CommandError.cannotWriteOutput`).
final class BufferedOutput {
  /// The process's standard output. The process has one thread.
  nonisolated(unsafe) static let standard = BufferedOutput(descriptor: STDOUT_FILENO, destination: "standard output")

  private var buffer: [UInt8] = []
  private let capacity = 1 << 16
  private let descriptor: Int32
  /// What the output goes to, for messages: "standard output", or a file's path.
  let destination: String

  /// Output to a descriptor that stays open.
  init(descriptor: Int32, destination: String) {
    self.descriptor = descriptor
    self.destination = destination
    buffer.reserveCapacity(capacity)
  }

  /// Whether the descriptor was closed when the process started (`/dev/null` stands in for it).
  var wasClosed: Bool {
    ProcessSetup.closedAtStart.contains(descriptor)
  }

  /// Whether the output is a terminal.
  var isTerminal: Bool {
    !wasClosed && isatty(descriptor) == 1
  }

  /// Appends text, writing out the buffer when it is full.
  /// - Throws: `CommandError` when the buffer cannot be written.
  func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= capacity { try flush() }
  }

  /// Writes out what is buffered; the corresponding C function is `write`.
  /// - Throws: `CommandError.outputClosed` when the reader closed the pipe,
  ///   `CommandError.cannotWriteOutput` for any other failure.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    guard !wasClosed else {
      throw CommandError.cannotWriteOutput(destination: destination, reason: String(cString: strerror(EBADF)))
    }
    let failure = buffer.withUnsafeBytes { writeFully(to: descriptor, $0) }
    switch failure {
    case 0: return
    case EPIPE: throw CommandError.outputClosed
    default: throw CommandError.cannotWriteOutput(destination: destination, reason: String(cString: strerror(failure)))
    }
  }

  /// Writes out what is buffered before a change is committed, so that output that cannot be
  /// written (`> /dev/full`) stops the change: a command either reports and stores, or does
  /// neither. A reader that has gone (`| head`) stops nothing.
  /// - Throws: `CommandError.cannotWriteOutput`.
  func flushBeforeCommit() throws {
    do {
      try flush()
    } catch CommandError.outputClosed {
      // The reader left early: normal, and no reason to keep the change from being stored.
    }
  }
}
