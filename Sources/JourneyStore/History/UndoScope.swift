/// Whose changes `undo` and `redo` take back.
///
/// An app's Undo menu takes back the user's own last change, not another program's later one:
/// a database's `undo()` and `redo()` revert its own batches by default, those recorded with its
/// configuration's origin (`JourneyDatabase.Configuration.origin`). A command line, whose log
/// is the file's, chooses `.wholeFile`.
public enum UndoScope: Sendable, Hashable {
  /// The batches this database wrote: those recorded with its configuration's origin. An undo
  /// reverts the newest of them still in effect (a command or a redo), a redo the newest of its
  /// undos that no later command of the same origin ended. Other programs' batches, older or
  /// newer, are left as they are, and the revert refuses, as it always does, to overwrite a
  /// newer change of theirs to the same field (`JourneyDatabaseError.revertConflict`).
  ///
  /// Give each app (or each document window) an origin of its own: two databases opened with the
  /// same origin take back each other's changes.
  case ownChanges
  /// The newest batch of the file, whoever wrote it: another process's, a sync's, a statement of
  /// the sqlite3 shell. A redo is available until any command makes new changes.
  case wholeFile
}

extension UndoScope {
  /// The origin whose batches are reverted, `nil` for every origin.
  func origin(ownOrigin: String) -> String? {
    switch self {
    case .ownChanges: ownOrigin
    case .wholeFile: nil
    }
  }
}
