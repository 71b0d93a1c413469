import FoundationEssentials
import JourneyStore

/// One run of `roadtrip browse`: an `InteractiveSession` that draws the list, or the editor on
/// the selected journey.
final class BrowseSession: InteractiveSession {
  /// Where the database is: to make it on the first write, or to open it once another process
  /// made it, when it did not exist.
  let options: DatabaseOptions
  /// The database; an empty one in memory while there is no file (`DatabaseOptions.openExisting`).
  private(set) var database: JourneyDatabase
  let state: BrowseState
  let style: Style
  /// The rows of the list, for the order, filter and search of `state`.
  var window: JourneyWindow
  /// The editor on the selected journey, while it is open.
  var editor: EditorSession?
  // What the loop needs: see `InteractiveSession`.
  private(set) var monitor: DatabaseMonitor
  var decoder = KeyDecoder()
  var schedule = WakeSchedule()
  let redraw = RedrawRequest()
  var isSuspending = false

  init(options: DatabaseOptions, database: JourneyDatabase, style: Style) {
    let state = BrowseState(size: TerminalSize(columns: 80, rows: 24))
    self.options = options
    self.database = database
    self.state = state
    self.style = style
    window = JourneyWindow(database: database, settings: state.listSettings)
    monitor = DatabaseMonitor(path: database.path)
    openAtToday()
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

extension BrowseSession {
  /// The database to write to: the file, made now (with its folders) when there was none.
  /// - Throws: `CommandError.openingDatabase` when it cannot be made or opened.
  func writableDatabase() throws -> JourneyDatabase {
    guard database.configuration.isInMemory else { return database }
    open(try options.openCreatingIfMissing())
    return database
  }

  /// Opens the file once another process made it, while browse shows the empty stand-in, and
  /// watches its folder once that exists.
  func followDatabaseCreation() {
    guard database.configuration.isInMemory else { return }
    if (try? options.databaseExists()) == true, let opened = try? options.openExisting() {
      open(opened)
    } else if monitor.fileDescriptor < 0 {
      monitor = DatabaseMonitor(path: database.path)
    }
  }

  /// Shows `database` from now on: its list, and its file's writes.
  private func open(_ database: JourneyDatabase) {
    self.database = database
    window = JourneyWindow(database: database, settings: state.listSettings)
    monitor = DatabaseMonitor(path: database.path)
    redraw.request()
  }
}
