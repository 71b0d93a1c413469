import JourneyStore

extension EditorSession {
  /// The name above the controls, as typed so far while it has the focus (the controls do not
  /// have it then: `EditorState.hasFocus` is `false`).
  var nameField: TextFieldLine {
    TextFieldLine(
      title: "Name", text: state.nameDraft ?? journey.name, isFocused: !state.hasFocus && !state.isJourneyDeleted,
      style: style)
  }

  /// Keys in the name field: typing and Backspace change the draft; leaving the field (Enter,
  /// Tab, Up, Down) writes it and gives the focus to the first or the last control. Esc is the
  /// caller's: `edit` quits, `browse` goes back to its list, both once the name is written.
  func handleInName(_ key: Key) {
    switch key {
    case .character(let character):
      state.status = nil
      state.nameDraft = (state.nameDraft ?? journey.name) + String(character)
    case .backspace:
      state.status = nil
      var name = state.nameDraft ?? journey.name
      if !name.isEmpty { name.removeLast() }
      state.nameDraft = name
    case .down, .tab, .enter:
      commitName()
      (state.hasFocus, state.focus) = (true, EditorFocus.allCases.first!)
    case .up, .backTab:
      commitName()
      (state.hasFocus, state.focus) = (true, EditorFocus.allCases.last!)
    default: break
    }
  }

  /// Writes the name typed when it differs from the journey's: one write through its binding,
  /// one batch of the log, so that one undo takes the whole rename back. A journey another
  /// process deleted meanwhile keeps no draft.
  func commitName() {
    guard let draft = state.nameDraft else { return }
    state.nameDraft = nil
    guard !state.isJourneyDeleted, draft != journey.name else { return }
    bindings.name.wrappedValue = draft
  }
}
