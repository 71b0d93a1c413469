import Glibc
import JourneyStore
import Observation

/// One run of the interactive editor on one journey: it takes over the terminal, draws the
/// `JourneyEditor` whenever observation says that something it showed changed, and waits with
/// `poll` for keys, for writes to the database file by other processes, and for signals.
final class EditorSession {
  let database: JourneyDatabase
  /// The managed journey being edited, with bindings to its fields that save each write; replaced
  /// when another process deletes it and then brings it back (an undo).
  var bindings: WriteThroughBindable
  let state: EditorState
  let style: Style
  /// Wakes the loop when the database file is written.
  let monitor: DatabaseMonitor
  var decoder = KeyDecoder()
  /// How long to wait before the next look at the file: briefly after a write (a commit becomes
  /// visible a moment after its last write), at most a quarter of a second.
  var schedule = WakeSchedule()
  let redraw = RedrawRequest()
  /// Set by Ctrl-Z or SIGTSTP: the loop suspends the editor before it waits again.
  var isSuspending = false

  init(database: JourneyDatabase, journey: Journey, style: Style) {
    let state = EditorState(size: TerminalSize(columns: 80, rows: 24))
    self.database = database
    self.state = state
    self.style = style
    bindings = Self.bindings(to: journey, in: database, state: state)
    monitor = DatabaseMonitor(path: database.path)
  }
}

extension EditorSession {
  /// The journey being edited.
  var journey: Journey {
    bindings.journey
  }

  /// The editor as it is now, its controls bound to the journey's fields.
  var editor: JourneyEditor {
    JourneyEditor(bindings: bindings, state: state, style: style)
  }

  /// Bindings to a managed journey's fields that save each write; a write that fails puts its
  /// reason on the status line (the value has snapped back by then).
  static func bindings(to journey: Journey, in database: JourneyDatabase, state: EditorState) -> WriteThroughBindable {
    database.writeThrough(journey) { [state] error in
      state.status = StatusMessage(notSaved: error)
    }
  }

  /// Runs the editor until the user quits or a signal ends it, and restores the terminal on
  /// every way out, errors included.
  /// - Throws: `CommandError` when the terminal cannot be used, read or written.
  func run() throws -> EditorOutcome {
    let signals = try SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH])
    let terminal = try Terminal()
    defer {
      terminal.restore()
      withExtendedLifetime(signals) {}
    }
    state.size = terminal.size
    while true {
      if redraw.take() { try draw(on: terminal) }
      if let outcome = try waitAndHandle(terminal: terminal, signals: signals) { return outcome }
      if isSuspending { try suspend(terminal: terminal, signals: signals) }
    }
  }

  /// Gives the terminal back and stops, as Ctrl-Z does to any program; once continued, takes the
  /// terminal again and draws the whole screen at its current size.
  private func suspend(terminal: Terminal, signals: SignalPipe) throws {
    isSuspending = false
    terminal.restore()
    signals.raiseWithDefaultAction(SIGTSTP)
    try terminal.takeOver()
    state.size = terminal.size
    redraw.request()
  }

  /// Draws the editor, and observes what the drawing read, so that the next change to any of it
  /// asks for a new frame.
  private func draw(on terminal: Terminal) throws {
    let frame = withObservationTracking { editor.frame } onChange: { [redraw] in redraw.request() }
    try terminal.draw(frame)
  }
}
