import JourneyStore

extension DatabaseOptions {
  /// Undoes or redoes the most recent batch of the change log and says what changed on standard
  /// error: the work of `undo` and `redo`.
  /// - Throws: `CommandError.nothingToRevert`, `JourneyDatabaseError.revertConflict`, or the
  ///   database's errors.
  func revert(_ kind: JourneyChange.BatchKind, force: Bool) throws {
    let database = try openExisting()
    guard let summary = try kind == .redo ? database.redo(force: force) : database.undo(force: force) else {
      throw kind == .redo
        ? CommandError.nothingToRevert("redo", hint: "no undo is waiting to be redone; a new command ends redo")
        : CommandError.nothingToRevert("undo", hint: "the change log has no command left to undo")
    }
    StandardError.write(summary.sentence)
  }
}
