import Glibc

/// The question a destructive command asks before it acts, on the controlling terminal
/// (`/dev/tty`) as git and ssh ask: also when standard input is a pipe of ids. "y" goes ahead.
/// It is asked only when standard error is a terminal, so that a script whose messages go to a
/// file is never left waiting; without a terminal the command needs `--yes`.
struct Confirmation {
  /// What the command is about to do, such as "delete 3 journeys".
  let action: String
  /// What did not happen when the answer is no, such as "nothing was deleted".
  let outcomeIfDeclined: String
  /// Lines shown before the question: what the action touches, such as the journeys it deletes.
  var details = ""
}

extension Confirmation {
  /// Asks, and returns when the answer is yes.
  /// - Throws: `CommandError.confirmationRequired` without a terminal, `.declined` on any answer
  ///   but yes.
  func ask() throws {
    let terminal = StandardError.isTerminal ? open("/dev/tty", O_RDWR | O_CLOEXEC) : -1
    guard terminal >= 0 else { throw CommandError.confirmationRequired(action: action) }
    defer { close(terminal) }
    var question = details + action.prefix(1).uppercased() + action.dropFirst() + "? [y/N] "
    _ = question.withUTF8 { writeFully(to: terminal, UnsafeRawBufferPointer($0)) }
    let answer = StandardInput.readLine(from: terminal)?.lowercased() ?? ""
    guard answer == "y" || answer == "yes" else {
      throw CommandError.declined(outcome: outcomeIfDeclined)
    }
  }
}
