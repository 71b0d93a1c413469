import JourneyStore

extension BrowseSession {
  /// Takes in what other processes committed (`JourneyDatabase.refresh()`), and the file once
  /// another process made it (`followDatabaseCreation()`): live lists and
  /// managed journeys follow, so the screen does. A deletion of the selected journey is announced
  /// (the selection moves to a neighbour as the frame is drawn); the open editor hears of its
  /// journey's changes as `roadtrip edit` does.
  func takeOutsideChanges() {
    followDatabaseCreation()
    do {
      let changes = try database.refresh()
      guard !changes.isEmpty else { return }
      try editor?.take(changes)
      guard editor == nil, let id = state.selectedID,
        let last = changes.last(where: { $0.journeyID == id }), last.kind == .delete
      else { return }
      state.status = StatusMessage(
        text: "The selected journey was deleted by another process (\(last.origin)); u may bring it back.",
        isError: true)
      state.selectedID = nil
    } catch {
      state.status = StatusMessage(cannotRefresh: error)
    }
  }
}
