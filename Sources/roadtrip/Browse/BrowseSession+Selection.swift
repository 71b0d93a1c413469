import JourneyStore

extension BrowseSession {
  /// Selects the first journey of today, or of a later day, at the top of the list, as a
  /// calendar opens at today; the newest when every journey is older: a list of 200,000
  /// journeys does not open at its first, years ago.
  func openAtToday() {
    guard let index = window.settings.query.todaysIndex(in: database)?.index else { return }
    (state.selectedIndex, state.top) = (index, index)
  }
}

extension BrowseSession {
  /// Places the selection and the window before a frame is drawn: the selection stays on the
  /// same journey when rows move (by identity, not by index); when that journey left the list,
  /// it stays at its index, on a neighbour; the window follows it.
  /// - Returns: The journeys on screen, from row `state.top`.
  func placeSelection() -> [Journey] {
    let height = BrowseLayout(size: state.size).listRows
    if window.settings != state.listSettings {
      // The selected journey stays selected when it can be found quickly; else the list starts
      // at the top.
      window = JourneyWindow(database: database, settings: state.listSettings)
      (state.selectedIndex, state.top) = (0, 0)
    }
    let count = window.count
    var index = state.selectedIndex
    if let id = state.selectedID, let found = window.index(of: id) { index = found }
    index = max(0, min(index, count - 1))
    var top = state.top
    if index < top { top = index }
    if index >= top + height { top = index - height + 1 }
    top = max(0, min(top, count - height))
    window.move(offset: top, limit: height)
    let journeys = window.journeys
    let selectedID = journeys.indices.contains(index - top) ? journeys[index - top].id : nil
    if state.selectedIndex != index { state.selectedIndex = index }
    if state.top != top { state.top = top }
    if state.selectedID != selectedID { state.selectedID = selectedID }
    return journeys
  }

  /// The selected journey, managed, or `nil` when the list is empty. After keys that moved the
  /// selection by rows, the journey there is found first.
  var selectedJourney: Journey? {
    if state.selectedID == nil { _ = placeSelection() }
    guard let id = state.selectedID else { return nil }
    return try? database.journey(id: id)
  }
}
