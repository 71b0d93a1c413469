/// The question a destructive command asks before it acts: on a terminal, "y" goes ahead;
/// elsewhere nobody can answer, so the command needs `--yes`.
struct Confirmation {
  /// What the command is about to do, such as "delete 3 journeys".
  let action: String
  /// What did not happen when the answer is no, such as "nothing was deleted".
  let outcomeIfDeclined: String

  /// Asks, and returns when the answer is yes.
  /// - Throws: `CommandError.confirmationRequired` without a terminal, `.declined` on any answer
  ///   but yes.
  func ask() throws {
    guard StandardInput.isTerminal && StandardError.isTerminal else {
      throw CommandError.confirmationRequired(action: action)
    }
    StandardError.write("\(action.prefix(1).uppercased() + action.dropFirst())? [y/N] ")
    let answer = StandardInput.readLine()?.lowercased() ?? ""
    guard answer == "y" || answer == "yes" else {
      throw CommandError.declined(outcome: outcomeIfDeclined)
    }
  }
}
