import Glibc

/// Turns signals into bytes on a pipe (the self-pipe trick), so that the editor's `poll` loop
/// wakes for them and handles them as it handles keys, outside the signal handler: the terminal
/// can then be restored on the way out as on any other exit.
///
/// One at a time per process: the handler writes to the pipe of the latest one made.
final class SignalPipe {
  /// Readable when a signal arrived.
  let fileDescriptor: Int32
  private let writeDescriptor: Int32
  /// The handlers in place before, to put back.
  private var previousHandlers: [(Int32, sighandler_t?)] = []

  /// Where the signal handler writes: the write end of the latest pipe.
  nonisolated(unsafe) private static var target: Int32 = -1

  /// Catches `signals`, except those the process ignores (as a background job ignores SIGINT).
  /// - Throws: `CommandError.cannotReadInput` when no pipe can be made.
  init(catching signals: [Int32]) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw CommandError.cannotReadInput(reason: String(cString: strerror(errno)))
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    (fileDescriptor, writeDescriptor) = (ends[0], ends[1])
    Self.target = writeDescriptor
    for number in signals {
      let previous = signal(number) { number in
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.target, &byte, 1)
        errno = savedErrno
      }
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(number, SIG_IGN)
      }
      previousHandlers.append((number, previous))
    }
  }

  deinit {
    for (number, handler) in previousHandlers.reversed() {
      signal(number, handler)
    }
    Self.target = -1
    close(fileDescriptor)
    close(writeDescriptor)
  }
}

extension SignalPipe {
  /// The signals that arrived since the last call, in order, without blocking.
  func takeSignals() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return signals }
      signals += buffer[..<count].map(Int32.init)
    }
  }

  /// Lets a signal take its default action, now, then catches it again: for SIGTSTP, the
  /// process stops here until SIGCONT (unless its process group is orphaned, when the kernel
  /// discards the signal). Nothing happens when the process ignores the signal.
  func raiseWithDefaultAction(_ number: Int32) {
    let handler = signal(number, SIG_DFL)
    defer { signal(number, handler) }
    if let handler, unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
    raise(number)
  }
}
