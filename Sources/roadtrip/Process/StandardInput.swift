import Glibc

/// Standard input: ids piped in, and answers typed at a prompt.
enum StandardInput {
  /// Whether standard input is a terminal.
  static var isTerminal: Bool {
    isatty(STDIN_FILENO) == 1
  }

  /// Every line of standard input, to its end, without line endings (`\n` or `\r\n`).
  /// - Throws: `CommandError.cannotReadInput`.
  static func readLines() throws -> [String] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        break
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
