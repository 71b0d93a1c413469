import JourneyStore

extension DatabaseOptions {
  /// Undoes or redoes the most recent batch of the change log and says what changed on standard
  /// error: the work of `undo` and `redo`. One that changes more than one journey asks first on
  /// a terminal, and needs `yes` without one (as `delete` of more than one journey does).
  /// - Parameters:
  ///   - json: Also prints what changed as one JSON object on standard output.
  ///   - quiet: Says nothing on standard error but errors (`-q`).
  /// - Throws: `CommandError.nothingToRevert`, `.confirmationRequired`, `.declined`,
  ///   `JourneyDatabaseError.revertConflict`, or the database's errors.
  func revert(_ kind: JourneyChange.BatchKind, force: Bool, yes: Bool, json: Bool = false, quiet: Bool = false) throws {
    let database = try openExisting()
    let confirm: ((RevertPreview) throws -> Void)? = yes ? nil : { preview in
      guard preview.journeys > 1 else { return }
      try Confirmation(
        action: "\(kind.rawValue) the changes of batch \(preview.batch) "
          + "(\(preview.origin.escapingControlCharacters), \(preview.date.localText)) "
          + "to \(preview.journeys) journeys",
        outcomeIfDeclined: "nothing was \(kind == .redo ? "redone" : "undone")"
      ).ask()
    }
    let summary = try kind == .redo
      ? database.redo(scope: .wholeFile, force: force, confirming: confirm)
      : database.undo(scope: .wholeFile, force: force, confirming: confirm)
    guard let summary else {
      throw kind == .redo
        ? CommandError.nothingToRevert("redo", hint: "no undo is waiting to be redone; a new command ends redo")
        : CommandError.nothingToRevert("undo", hint: "the change log has no command left to undo")
    }
    if json { try BufferedOutput.standard.write(summary.json) }
    if !quiet { StandardError.write(summary.sentence) }
  }
}
