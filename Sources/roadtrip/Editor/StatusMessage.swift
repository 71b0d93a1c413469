import JourneyStore

/// A line under the controls that says what happened: why a change was not saved, or that
/// another process changed the journey.
struct StatusMessage: Equatable {
  let text: String
  let isError: Bool
}

extension StatusMessage {
  /// Why a change could not be saved, in the words the command line uses for the same failure
  /// (`Failure`): a lock held past the busy timeout, a value the database refuses, …
  init(notSaved error: any Error) {
    var error = error
    if let refused = error as? SQLiteError, refused.kind == .constraint {
      error = CommandError.refusedValue(message: refused.refusedValueDescription)
    }
    self.init(text: "Not saved: " + Self.reason(for: error), isError: true)
  }

  /// The changes of other processes could not be read.
  init(cannotRefresh error: any Error) {
    self.init(text: "Cannot read the changes of other processes: " + Self.reason(for: error), isError: true)
  }

  /// Another process changed the journey: `origin` says which, such as `roadtrip set …`.
  init(changedBy origin: String) {
    self.init(text: "Changed by another process: " + origin, isError: false)
  }

  /// Another process deleted the journey; `q` does what `leaveAction` says (`quit`, or go back
  /// to the `list`).
  init(deletedBy origin: String, leaveAction: String) {
    let leave = leaveAction == "quit" ? "quit" : "go back to the \(leaveAction)"
    self.init(text: "Deleted by another process (\(origin)); press q to \(leave).", isError: true)
  }

  /// What the command line would say about the error, without its `roadtrip: error: `.
  private static func reason(for error: any Error) -> String {
    var text = Failure(error).message ?? String(describing: error)
    if text.hasPrefix(Failure.errorPrefix) { text.removeFirst(Failure.errorPrefix.count) }
    return text
  }
}
