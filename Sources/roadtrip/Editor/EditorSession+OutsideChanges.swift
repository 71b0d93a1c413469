import JourneyStore

extension EditorSession {
  /// Takes in what other processes committed (`JourneyDatabase.refresh()`): the journey's
  /// observers fire, so the screen follows. The status line says who changed the journey, or
  /// that it was deleted; a journey brought back (an undo of the delete) is edited again.
  func takeOutsideChanges() {
    do {
      let changes = try database.refresh().filter { $0.journeyID == journey.id }
      guard let last = changes.last else { return }
      switch last.kind {
      case .delete:
        state.isJourneyDeleted = true
        state.status = StatusMessage(deletedBy: last.origin)
      case .insert:
        guard let revived = try database.journey(id: journey.id) else { return }
        bindings = Self.bindings(to: revived, in: database, state: state)
        state.isJourneyDeleted = false
        state.status = StatusMessage(changedBy: last.origin)
        redraw.request()
      case .update:
        state.status = StatusMessage(changedBy: last.origin)
      }
    } catch {
      state.status = StatusMessage(cannotRefresh: error)
    }
  }
}
