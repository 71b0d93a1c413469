import JourneyStore

extension EditorSession {
  /// Takes in what other processes committed (`JourneyDatabase.refresh()`): the journey's
  /// observers fire, so the screen follows. The status line says who changed the journey, or
  /// that it was deleted; a journey brought back (an undo of the delete) is edited again.
  func takeOutsideChanges() {
    do {
      try take(database.refresh())
    } catch {
      state.status = StatusMessage(cannotRefresh: error)
    }
  }

  /// Shows what other processes changed of the journey, from changes `refresh()` returned (to a
  /// caller that shares the database with this session, such as `roadtrip browse`).
  /// - Throws: `SQLiteError` when a journey brought back cannot be read.
  func take(_ outsideChanges: [JourneyChange]) throws {
    let changes = outsideChanges.filter { $0.journeyID == journey.id }
    guard let last = changes.last else { return }
    switch last.kind {
    case .delete:
      state.isJourneyDeleted = true
      state.status = StatusMessage(deletedBy: last.origin, leaveAction: state.leaveAction)
    case .insert:
      guard let revived = try database.journey(id: journey.id) else { return }
      bindings = Self.bindings(to: revived, in: database, state: state)
      state.isJourneyDeleted = false
      state.status = StatusMessage(changedBy: last.origin)
      redraw.request()
    case .update:
      state.status = StatusMessage(changedBy: last.origin)
    }
  }
}
