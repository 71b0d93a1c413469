import JourneyStore

/// The editor on the browser's selected journey: `roadtrip edit`'s `JourneyEditor` under a text
/// field for the name, which is written once it is left (`EditorSession.nameField`).
struct BrowseEditorScreen {
  let editor: EditorSession
  let browser: BrowseState
  let style: Style
}

extension BrowseEditorScreen {
  /// The size the editor gets: the screen less the name's line.
  static func editorSize(for size: TerminalSize) -> TerminalSize {
    EditorSession.editorSize(for: size)
  }

  /// The screen, line by line, cut to its size; on a screen too short, the editor's own frame
  /// (its controls first) fills what the name leaves.
  var frame: [String] {
    let size = browser.size
    let name = editor.state.isJourneyDeleted ? [] : editor.nameField.lines(width: size.columns)
    return (name + editor.editor.frame).prefix(size.rows).map { $0.truncated(toWidth: size.columns) }
  }
}
