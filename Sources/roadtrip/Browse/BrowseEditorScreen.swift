import JourneyStore

/// The editor on the browser's selected journey: `roadtrip edit`'s `JourneyEditor` under a text
/// field for the name, which is written once it is left (`BrowseState.nameDraft`).
struct BrowseEditorScreen {
  let editor: EditorSession
  let browser: BrowseState
  let style: Style
}

extension BrowseEditorScreen {
  /// The name, as typed so far while it has the focus.
  var nameField: TextFieldLine {
    TextFieldLine(
      title: "Name", text: browser.nameDraft ?? editor.journey.name,
      isFocused: !editor.state.hasFocus && !editor.state.isJourneyDeleted, style: style)
  }

  /// The size the editor gets: the screen less the name's line.
  static func editorSize(for size: TerminalSize) -> TerminalSize {
    TerminalSize(columns: size.columns, rows: max(1, size.rows - 1))
  }

  /// The screen, line by line, cut to its size; on a screen too short, the editor's own frame
  /// (its controls first) fills what the name leaves.
  var frame: [String] {
    let size = browser.size
    let name = editor.state.isJourneyDeleted ? [] : nameField.lines(width: size.columns)
    return (name + editor.editor.frame).prefix(size.rows).map { $0.truncated(toWidth: size.columns) }
  }
}
