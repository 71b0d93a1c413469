import JourneyStore

extension EditorSession {
  /// Acts on keys, in order: up and down (Tab, Shift-Tab) move the focus; left and right (-, +)
  /// step the focused control's value, which saves it; Enter types a value into it (`ValueEntry`);
  /// `q` quits; Ctrl-C interrupts; Ctrl-Z suspends.
  /// - Returns: How the session ends, or `nil` to go on.
  func handle(_ keys: [Key]) -> SessionOutcome? {
    for key in keys {
      switch key {
      case .interrupt: return .interrupted
      case .suspend: isSuspending = true
      default: if let outcome = handle(key) { return outcome }
      }
    }
    return nil
  }

  /// Acts on one key but Ctrl-C and Ctrl-Z: in the entry of a value while there is one.
  /// - Returns: `.quit` for `q` (after the value typed, if any, is applied), else `nil`.
  func handle(_ key: Key) -> SessionOutcome? {
    if state.entry != nil { return handleInEntry(key) }
    if !state.hasFocus && !state.isJourneyDeleted {
      guard key != .escape else {
        commitName()
        return .quit
      }
      handleInName(key)
      return nil
    }
    let (first, last) = (EditorFocus.allCases.first, EditorFocus.allCases.last)
    switch key {
    case .character("q"), .character("Q"): return .quit
    // The name field lies above the first control and below the last, as in browse.
    case .up where state.focus == first, .backTab where state.focus == first,
      .down where state.focus == last, .tab where state.focus == last:
      if !state.isJourneyDeleted { state.hasFocus = false }
    case .up, .backTab: state.focus = state.focus.previous
    case .down, .tab: state.focus = state.focus.next
    case .left, .character("-"), .character("_"): step(by: -1)
    case .right, .character("+"), .character("="): step(by: 1)
    case .enter:
      guard !state.isJourneyDeleted else { break }
      state.status = nil
      state.entry = ValueEntry(focus: state.focus)
    default: break
    }
    return nil
  }

  /// Keys while a value is typed: characters, Backspace, Enter to apply it, Esc to leave the
  /// value as it was. No type, date or duration holds a `q`: `q` applies what was typed, if it
  /// reads, and quits, as everywhere but in a name.
  private func handleInEntry(_ key: Key) -> SessionOutcome? {
    switch key {
    case .character("q"), .character("Q"):
      settle()
      return .quit
    case .character(let character): state.entry?.text.append(character)
    case .backspace: if state.entry?.text.isEmpty == false { state.entry?.text.removeLast() }
    case .enter: applyEntry()
    case .escape: (state.entry, state.status) = (nil, nil)
    default: break
    }
    return nil
  }

  /// Applies the value typed: the one field it changes is written through its binding (one
  /// write, one batch; none when nothing changes). A value that does not read leaves the journey
  /// as it was and the entry open, with the reason on the status line; an empty one changes
  /// nothing.
  /// - Returns: Whether the entry is closed.
  @discardableResult
  func applyEntry() -> Bool {
    guard let entry = state.entry else { return true }
    guard !state.isJourneyDeleted, entry.text.contains(where: { !$0.isWhitespace }) else {
      state.entry = nil
      return true
    }
    do {
      let edited = try entry.applied(to: journey)
      (state.entry, state.status) = (nil, nil)
      switch entry.focus {
      case .transportationType where edited.transportationType != journey.transportationType:
        bindings.transportationType.wrappedValue = edited.transportationType
      case .startDate where edited.startDate != journey.startDate:
        bindings.startDate.wrappedValue = edited.startDate
      case .endDate where edited.duration != journey.duration,
        .duration where edited.duration != journey.duration:
        bindings.duration.wrappedValue = edited.duration
      default: break
      }
      return true
    } catch {
      state.status = StatusMessage(text: error.description, isError: true)
      return false
    }
  }

  /// Writes what is being typed before the session suspends or ends, so that nothing typed is
  /// lost: a value that reads is applied; one that does not cannot be, and is dropped.
  func settle() {
    commitName()
    if !applyEntry() { state.entry = nil }
  }

  /// Steps the focused control's value, unless the journey is gone: the write-through binding
  /// saves it, or snaps it back and sets the status line.
  private func step(by count: Int) {
    guard !state.isJourneyDeleted else { return }
    state.status = nil
    editor.focusedControl.step(by: count)
  }
}
