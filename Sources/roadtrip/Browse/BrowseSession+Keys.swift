import JourneyStore

extension BrowseSession {
  /// Acts on keys, in order, as the mode says (see `BrowseKeys`).
  /// - Returns: How the session ends, or `nil` to go on.
  func handle(_ keys: [Key]) -> SessionOutcome? {
    for key in keys {
      if key == .interrupt { return .interrupted }
      if key == .suspend {
        isSuspending = true
        continue
      }
      switch state.mode {
      case .list: if let outcome = handleInList(key) { return outcome }
      case .editing: handleInEditor(key)
      case .searching: handleInSearch(key)
      case .naming: handleInNaming(key)
      case .confirmingDelete: handleInConfirmation(key)
      case .confirmingRevert(let preview): handleInRevertQuestion(key, preview: preview)
      case .help: state.mode = .list
      }
    }
    return nil
  }

  private func handleInList(_ key: Key) -> SessionOutcome? {
    let page = max(1, BrowseLayout(size: state.size).listRows - 1)
    switch key {
    case .character("q"): return .quit
    case .up, .character("k"): state.moveSelection(by: -1)
    case .down, .character("j"): state.moveSelection(by: 1)
    case .pageUp: state.moveSelection(by: -page)
    case .pageDown: state.moveSelection(by: page)
    case .home, .character("g"): state.moveSelection(by: -state.selectedIndex)
    case .end, .character("G"): state.moveSelection(by: window.count)
    case .enter: openEditor()
    case .character("u"): revert(.undo)
    case .character("U"), .control("r"): revert(.redo)
    case .character("s"): state.sort = state.sort.next
    case .character("t"): state.typeFilter = Self.type(after: state.typeFilter)
    case .character("/"):
      state.status = nil
      state.mode = .searching
    case .escape:
      (state.search, state.typeFilter, state.status) = ("", nil, nil)
    case .character("a"):
      (state.draft, state.status) = ("", nil)
      state.mode = .naming
    case .character("d"):
      if selectedJourney != nil { state.mode = .confirmingDelete }
    case .character("?"): state.mode = .help
    default: break
    }
    return nil
  }

  private func handleInSearch(_ key: Key) {
    switch key {
    case .character(let character): state.search.append(character)
    case .backspace: if !state.search.isEmpty { state.search.removeLast() }
    case .enter: state.mode = .list
    case .escape:
      state.search = ""
      state.mode = .list
    case .up: state.moveSelection(by: -1)
    case .down: state.moveSelection(by: 1)
    default: break
    }
  }

  private func handleInNaming(_ key: Key) {
    switch key {
    case .character(let character): state.draft.append(character)
    case .backspace: if !state.draft.isEmpty { state.draft.removeLast() }
    case .escape: state.mode = .list
    case .enter: addJourney(named: state.draft)
    default: break
    }
  }

  private func handleInConfirmation(_ key: Key) {
    state.mode = .list
    guard key == .character("y") || key == .character("Y"), let journey = selectedJourney else { return }
    do {
      try database.delete(journey)
      state.status = StatusMessage(text: "Deleted \u{201C}\(journey.name)\u{201D}; u brings it back.", isError: false)
    } catch {
      state.status = StatusMessage(notSaved: error)
    }
  }

  private func handleInRevertQuestion(_ key: Key, preview: RevertPreview) {
    state.mode = .list
    guard key == .character("y") || key == .character("Y") else {
      state.status = StatusMessage(text: preview.kind == .undo ? "Nothing was undone." : "Nothing was redone.", isError: false)
      return
    }
    revert(preview.kind, confirmed: preview)
  }

  /// Keys in the editor: the name field takes characters while it has the focus (`q` too: it is
  /// text); up and down (Tab) move between it and the editor's controls; a value typed into a
  /// control takes the keys until Enter or Esc (`q` applies it and goes back); Esc or `q` goes
  /// back to the list; `u`, `U` and Ctrl-R undo and redo; the rest is the editor's.
  private func handleInEditor(_ key: Key) {
    guard let editor else { return }
    let editorState = editor.state
    if !editorState.hasFocus && !editorState.isJourneyDeleted {
      handleInName(key, editor: editor)
      return
    }
    if editorState.entry != nil {
      if editor.handle(key) == .quit { closeEditor() }
      return
    }
    let (first, last) = (EditorFocus.allCases.first, EditorFocus.allCases.last)
    switch key {
    case .escape, .character("q"), .character("Q"): closeEditor()
    case .character("u"): revert(.undo)
    case .character("U"), .control("r"): revert(.redo)
    case .up where editorState.focus == first, .backTab where editorState.focus == first,
      .down where editorState.focus == last, .tab where editorState.focus == last:
      if !editorState.isJourneyDeleted { editorState.hasFocus = false }
    default: _ = editor.handle(key)
    }
  }

  /// Keys in the name field (`EditorSession.handleInName`); Esc goes back to the list, once the
  /// name is written.
  private func handleInName(_ key: Key, editor: EditorSession) {
    guard key != .escape else { return closeEditor() }
    editor.handleInName(key)
  }

  /// Writes what is being typed in the editor, the name and a value, before the session
  /// suspends or ends.
  func settle() {
    editor?.settle()
  }

  /// Opens the editor on the selected journey, its name field first.
  func openEditor() {
    guard let journey = selectedJourney else { return }
    let editor = EditorSession(
      database: database, journey: journey, style: style, leaveAction: "list", undoes: true)
    editor.state.size = BrowseEditorScreen.editorSize(for: state.size)
    editor.state.hasFocus = false
    self.editor = editor
    state.status = nil
    state.mode = .editing
  }

  /// Back to the list, on the journey that was edited, once what was typed is written.
  private func closeEditor() {
    settle()
    if let editor { state.selectedID = editor.journey.id }
    editor = nil
    state.mode = .list
  }

  /// Adds a journey with the name typed and the rest as `roadtrip add` gives it, selects it and
  /// opens the editor on it.
  private func addJourney(named name: String) {
    state.mode = .list
    do {
      let new = Journey(name: name, transportationType: Configuration.transport, startDate: DateExpression.referenceNow)
      try? JourneyField.duration.assign(Configuration.durationText, to: new)
      let journey = try writableDatabase().add(new)
      state.selectedID = journey.id
      openEditor()
    } catch {
      state.status = StatusMessage(notSaved: error)
    }
  }

  /// Undoes or redoes the last command of any process, and says what it did on the status line.
  /// One that changes more than one journey (an import, a sync that brought many) is asked about
  /// first, in the list, as `roadtrip undo` asks on a terminal; `confirmed` is what was answered
  /// yes to (if another process committed since, the new batch is asked about).
  private func revert(_ kind: JourneyChange.BatchKind, confirmed: RevertPreview? = nil) {
    var question: RevertPreview?
    let confirm = { (preview: RevertPreview) throws in
      guard preview.journeys > 1, preview != confirmed else { return }
      question = preview
      throw RevertQuestion()
    }
    let status: StatusMessage
    do {
      let summary = kind == .undo
        ? try database.undo(scope: .wholeFile, confirming: confirm)
        : try database.redo(scope: .wholeFile, confirming: confirm)
      status = summary.map { StatusMessage(text: String($0.sentence.prefix { $0 != "\n" }), isError: false) }
        ?? StatusMessage(text: kind == .undo ? "Nothing to undo." : "Nothing to redo.", isError: false)
    } catch is RevertQuestion {
      if editor != nil { closeEditor() }
      if let question { state.mode = .confirmingRevert(question) }
      return
    } catch {
      status = StatusMessage(notSaved: error)
    }
    if let editor { editor.state.status = status } else { state.status = status }
  }

  /// The type filter after `type`: every type in order, then none.
  private static func type(after type: TransportationType?) -> TransportationType? {
    let all = TransportationType.allCases
    guard let type else { return all.first }
    let index = all.firstIndex(of: type)! + 1
    return index < all.count ? all[index] : nil
  }
}

/// Stops an undo or redo that changes more than one journey until the question is answered.
private struct RevertQuestion: Error {}
