import JourneyStore
import Observation

/// One run of the interactive editor on one journey: an `InteractiveSession` that draws the
/// `JourneyEditor`.
final class EditorSession: InteractiveSession {
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

  /// - Parameters:
  ///   - leaveAction: What `q` does, for the key hints (`quit`, or `list` in `browse`).
  ///   - undoes: Whether the caller undoes and redoes on `u` and `U`, for the key hints.
  init(
    database: JourneyDatabase, journey: Journey, style: Style, leaveAction: String = "quit",
    undoes: Bool = false
  ) {
    let size = TerminalSize(columns: 80, rows: 24)
    let state = EditorState(size: size, leaveAction: leaveAction, undoes: undoes)
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

  /// The name field, then the editor below it.
  var frame: [String] {
    let name = state.isJourneyDeleted ? [] : nameField.lines(width: state.size.columns)
    return name + editor.frame
  }

  /// The editor gets the screen less the name's line.
  func resize(to size: TerminalSize) {
    state.size = Self.editorSize(for: size)
  }

  /// The size the editor's controls and card get below the name field: the screen less one line.
  static func editorSize(for size: TerminalSize) -> TerminalSize {
    TerminalSize(columns: size.columns, rows: max(1, size.rows - 1))
  }

  /// Bindings to a managed journey's fields that save each write; a write that fails puts its
  /// reason on the status line (the value has snapped back by then).
  static func bindings(to journey: Journey, in database: JourneyDatabase, state: EditorState) -> WriteThroughBindable {
    database.writeThrough(journey) { [state] error in
      state.status = StatusMessage(notSaved: error)
    }
  }
}
