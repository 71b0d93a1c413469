import FoundationEssentials
import Glibc
import JourneyStore
import Observation

/// One run of `roadtrip browse`: it takes over the terminal, draws the list (or the editor on
/// the selected journey) whenever observation says that something it showed changed, and waits
/// with `poll` for keys, for writes to the database file by other processes, and for signals.
final class BrowseSession {
  let database: JourneyDatabase
  let state: BrowseState
  let style: Style
  /// The rows of the list, for the order, filter and search of `state`.
  var window: JourneyWindow
  /// The editor on the selected journey, while it is open.
  var editor: EditorSession?
  /// Wakes the loop when the database file is written.
  let monitor: DatabaseMonitor
  var decoder = KeyDecoder()
  /// How long to wait before the next look at the file (see `EditorSession.schedule`).
  var schedule = WakeSchedule()
  let redraw = RedrawRequest()
  /// Set by Ctrl-Z or SIGTSTP: the loop suspends before it waits again.
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
  /// Runs the browser until the user quits or a signal ends it, and restores the terminal on
  /// every way out, errors included.
  /// - Throws: `CommandError` when the terminal cannot be used, read or written.
  func run() throws -> EditorOutcome {
    let signals = try SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH])
    let terminal = try Terminal()
    defer {
      terminal.restore()
      withExtendedLifetime(signals) {}
    }
    resize(to: terminal.size)
    while true {
      if redraw.take() { try draw(on: terminal) }
      if let outcome = try waitAndHandle(terminal: terminal, signals: signals) { return outcome }
      if isSuspending { try suspend(terminal: terminal, signals: signals) }
    }
  }

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

  /// Gives the terminal back and stops, as Ctrl-Z does to any program; once continued, takes the
  /// terminal again and draws the whole screen at its current size.
  private func suspend(terminal: Terminal, signals: SignalPipe) throws {
    isSuspending = false
    terminal.restore()
    signals.raiseWithDefaultAction(SIGTSTP)
    try terminal.takeOver()
    resize(to: terminal.size)
    redraw.request()
  }

  /// Draws the screen, and observes what the drawing read, so that the next change to any of it
  /// asks for a new frame.
  private func draw(on terminal: Terminal) throws {
    let frame = withObservationTracking { self.frame } onChange: { [redraw] in redraw.request() }
    try terminal.draw(frame)
  }
}
