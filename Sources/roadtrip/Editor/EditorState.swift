import Observation

/// What the editor shows besides the journey: which control has the focus, the value being
/// typed into it, the status line, the size of the screen, whether the journey still exists.
/// Observable, as the journey is, so that one observation of a frame's drawing says when anything
/// on it changed.
@Observable
final class EditorState {
  var focus: EditorFocus = .transportationType
  /// Whether a control has the focus; not while a caller gives it to a field of its own (the
  /// name field of `roadtrip browse`).
  var hasFocus = true
  /// The name as typed so far in the name field, until it is written when the field is left.
  var nameDraft: String?
  /// The value being typed into the focused control, after Enter.
  var entry: ValueEntry?
  var status: StatusMessage?
  var size: TerminalSize
  /// Set when another process deleted the journey: the controls are gone, only `q` is left.
  var isJourneyDeleted = false
  /// What `q` does, for the key hints: `quit` for `roadtrip edit`, `list` in `roadtrip browse`.
  let leaveAction: String
  /// Whether `u` and `U` undo and redo (in `roadtrip browse`).
  let undoes: Bool

  init(size: TerminalSize, leaveAction: String = "quit", undoes: Bool = false) {
    self.size = size
    self.leaveAction = leaveAction
    self.undoes = undoes
  }
}
