import Glibc

/// Standard error: messages, prompts and summaries, written at once and never buffered.
enum StandardError {
  /// Writes text; a failure to write standard error cannot be reported anywhere, so it is ignored.
  static func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeFully(to: STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }

  /// Whether standard error is a terminal.
  static var isTerminal: Bool {
    isatty(STDERR_FILENO) == 1
  }
}
