import FoundationEssentials
import JourneyStore
import Observation

/// What the browser shows besides the journeys: the mode, the order and filters, the selection,
/// the status line and the size of the screen. Observable, as the journeys are, so that one
/// observation of a frame's drawing says when anything on it changed.
@Observable
final class BrowseState {
  var size: TerminalSize
  var mode: BrowseMode = .list
  var sort: BrowseSort = .start
  /// The type the list is filtered to, or `nil` for every type.
  var typeFilter: TransportationType?
  /// The text the names must contain (ignoring case), or empty.
  var search = ""
  /// The selected journey, by identity: the selection stays on it when rows move.
  var selectedID: UUID?
  /// The selected journey's place in the list; where the selection goes when the journey is gone.
  var selectedIndex = 0
  /// The first row on screen.
  var top = 0
  var status: StatusMessage?
  /// The name being typed for a new journey.
  var draft = ""

  init(size: TerminalSize) {
    self.size = size
  }
}

extension BrowseState {
  /// Moves the selection by `count` rows, to the journey there (found when the frame is drawn).
  func moveSelection(by count: Int) {
    selectedIndex = max(0, selectedIndex + count)
    selectedID = nil
  }

  /// What decides which journeys the list holds, and in which order.
  var listSettings: BrowseListSettings {
    BrowseListSettings(sort: sort, typeFilter: typeFilter, search: search)
  }
}
