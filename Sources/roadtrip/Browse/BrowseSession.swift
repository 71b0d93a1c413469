import FoundationEssentials
import JourneyStore

/// One run of `roadtrip browse`: an `InteractiveSession` that draws the list, or the editor on
/// the selected journey.
final class BrowseSession: InteractiveSession {
  let database: JourneyDatabase
  let state: BrowseState
  let style: Style
  /// The rows of the list, for the order, filter and search of `state`.
  var window: JourneyWindow
  /// The editor on the selected journey, while it is open.
  var editor: EditorSession?
  // What the loop needs: see `InteractiveSession`.
  let monitor: DatabaseMonitor
  var decoder = KeyDecoder()
  var schedule = WakeSchedule()
  let redraw = RedrawRequest()
  var isSuspending = false

  init(database: JourneyDatabase, style: Style) {
    let state = BrowseState(size: TerminalSize(columns: 80, rows: 24))
    self.database = database
    self.state = state
    self.style = style
    window = JourneyWindow(database: database, settings: state.listSettings)
    monitor = DatabaseMonitor(path: database.path)
  }
}

extension BrowseSession {
  /// The screen as it is now: the editor, or the list with the selection placed.
  var frame: [String] {
    if state.mode == .editing, let editor {
      return BrowseEditorScreen(editor: editor, browser: state, style: style).frame
    }
    let journeys = placeSelection()
    let selected = journeys.indices.contains(state.selectedIndex - state.top) ? journeys[state.selectedIndex - state.top] : nil
    if let error = window.lastError, state.status == nil {
      state.status = StatusMessage(cannotRefresh: error)
    }
    return BrowseScreen(journeys: journeys, count: window.count, selected: selected, state: state, style: style).frame
  }

  /// Follows a new size of the terminal: the editor gets it too.
  func resize(to size: TerminalSize) {
    state.size = size
    editor?.state.size = BrowseEditorScreen.editorSize(for: size)
  }
}
