import Observation

/// What the editor shows besides the journey: which control has the focus, the status line, the
/// size of the screen, whether the journey still exists. Observable, as the journey is, so that
/// one observation of a frame's drawing says when anything on it changed.
@Observable
final class EditorState {
  var focus: EditorFocus = .transportationType
  /// Whether a control has the focus; not while a caller gives it to a field of its own (the
  /// name field of `roadtrip browse`).
  var hasFocus = true
  var status: StatusMessage?
  var size: TerminalSize
  /// Set when another process deleted the journey: the controls are gone, only `q` is left.
  var isJourneyDeleted = false

  init(size: TerminalSize) {
    self.size = size
  }
}
