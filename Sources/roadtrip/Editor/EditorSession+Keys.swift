extension EditorSession {
  /// Acts on keys, in order: up and down (Tab, Shift-Tab) move the focus; left and right (-, +)
  /// step the focused control's value, which saves it; `q` quits; Ctrl-C interrupts; Ctrl-Z
  /// suspends.
  /// - Returns: How the session ends, or `nil` to go on.
  func handle(_ keys: [Key]) -> SessionOutcome? {
    for key in keys {
      switch key {
      case .interrupt: return .interrupted
      case .suspend: isSuspending = true
      case .character("q"), .character("Q"): return .quit
      case .up, .backTab: state.focus = state.focus.previous
      case .down, .tab: state.focus = state.focus.next
      case .left, .character("-"), .character("_"): step(by: -1)
      case .right, .character("+"), .character("="): step(by: 1)
      default: break
      }
    }
    return nil
  }

  /// Steps the focused control's value, unless the journey is gone: the write-through binding
  /// saves it, or snaps it back and sets the status line.
  private func step(by count: Int) {
    guard !state.isJourneyDeleted else { return }
    state.status = nil
    editor.focusedControl.step(by: count)
  }
}
