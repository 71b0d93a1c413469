#if canImport(Glibc)
import Glibc
#endif

/// A yes-or-no question asked on the controlling terminal (`/dev/tty`), as git and ssh ask:
/// also when standard input is a pipe of ids. Asked only when standard error is a terminal, so
/// that a script whose messages go to a file is never left waiting for an answer.
struct Confirmation {
  /// What is asked, lines ending in the question, such as "Delete 3 journeys? [y/N] ".
  let question: String
}

extension Confirmation {
  /// Asks and reads the answer.
  /// - Returns: Whether the answer is `y` or `yes`, ignoring case; `nil` when no terminal can ask.
  func ask() -> Bool? {
    guard StandardError.isTerminal else { return nil }
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return nil }
    defer { close(terminal) }
    var text = question
    _ = text.withUTF8 { writeFully(to: terminal, UnsafeRawBufferPointer($0)) }
    let answer = StandardInput.readLine(from: terminal)?.lowercased() ?? ""
    return answer == "y" || answer == "yes"
  }
}
