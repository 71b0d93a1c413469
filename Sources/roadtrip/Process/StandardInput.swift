import Glibc

/// Standard input: ids piped in, and answers typed at a prompt.
enum StandardInput {
  /// Whether standard input is a terminal.
  static var isTerminal: Bool {
    isatty(STDIN_FILENO) == 1
  }

  /// Standard input as a descriptor whose reads wait for data. A parent may have left standard
  /// input non-blocking (`O_NONBLOCK`, a flag of the file description it shares with this
  /// process), and a read then fails with `EAGAIN` instead of waiting: for a pipe, FIFO or
  /// terminal, `/proc/self/fd/0` is opened again, which gives a new, blocking description of the
  /// same input without changing the shared one. A regular file never makes a read wait.
  /// - Returns: `STDIN_FILENO`, or a new descriptor for the caller to close.
  static func openBlocking() -> Int32 {
    let flags = fcntl(STDIN_FILENO, F_GETFL)
    var info = stat()
    guard flags >= 0, flags & O_NONBLOCK != 0, fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT != S_IFREG else {
      return STDIN_FILENO
    }
    let reopened = open("/proc/self/fd/0", O_RDONLY | O_CLOEXEC)
    return reopened >= 0 ? reopened : STDIN_FILENO
  }

  /// Every line of standard input, to its end, without line endings (`\n` or `\r\n`).
  /// - Throws: `CommandError.cannotReadInput`.
  static func readLines() throws -> [String] {
    let descriptor = openBlocking()
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        break
      } else if errno == EAGAIN {
        // Non-blocking and not reopened (a socket): wait for data.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, -1)
      } else if errno != EINTR {
        throw CommandError.cannotReadInput(reason: String(cString: strerror(errno)))
      }
    }
    // Split as bytes: splitting a String by Character is many times slower for 100,000 ids.
    return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
  }

  /// One line typed at a prompt, without its line ending; `nil` at the end of input.
  /// - Parameter descriptor: Where to read it: standard input, or the terminal (`/dev/tty`).
  static func readLine(from descriptor: Int32 = STDIN_FILENO) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count == 1 {
        if byte == UInt8(ascii: "\n") { break }
        bytes.append(byte)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        if bytes.isEmpty { return nil }
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
