import JourneyStore

/// The last line: the main keys of the list, or what is being typed or asked, with the keys
/// that fit beside it (`KeyHints`: whole hints, the most important first).
struct BrowseHelpLine {
  let mode: BrowseMode
  /// The search, or the name of a new journey, as typed so far.
  let text: String
  /// The selected journey's name, for the question before a delete.
  let selectedName: String
  let style: Style
}

extension BrowseHelpLine: TerminalView {
  func lines(width: Int) -> [String] {
    switch mode {
    case .searching:
      let hints = [("⏎", "enter", "keep"), ("Esc", "esc", "clear")]
      return [typed(prefix: "/", hints: hints, width: width)]
    case .naming:
      let hints = [("⏎", "enter", "add"), ("Esc", "esc", "cancel")]
      return [typed(prefix: "Name: ", hints: hints, width: width)]
    case .confirmingDelete:
      let name = selectedName.escapingControlCharacters.cut(toWidth: max(1, width - 30))
      return [style.red("Delete \u{201C}\(name)\u{201D}? Sure? (y/n)")]
    case .confirmingRevert(let preview):
      let verb = preview.kind == .undo ? "Undo" : "Redo"
      let origin = preview.origin.escapingControlCharacters.cut(toWidth: max(1, width - 50))
      return [style.red("\(verb) \u{201C}\(origin)\u{201D}, \(preview.journeys) journeys? Sure? (y/n)")]
    case .list, .editing, .help:
      return [style.dim(Self.listHints.line(width: width, isDecorated: style.isDecorated))]
    }
  }

  /// The list's keys, in the order shown; on a narrow screen `q`, `?` (which lists them all),
  /// Enter and the arrows stay longest.
  static let listHints = KeyHints(hints: [
    KeyHints.Hint("↑↓", plain: "up/down", "move", rank: 3),
    KeyHints.Hint("⏎", plain: "enter", "edit", rank: 2),
    KeyHints.Hint("a", "add", rank: 5),
    KeyHints.Hint("d", "delete", rank: 7),
    KeyHints.Hint("/", "search", rank: 4),
    KeyHints.Hint("s", "sort", rank: 8),
    KeyHints.Hint("t", "type", rank: 9),
    KeyHints.Hint("u", "undo", rank: 6),
    KeyHints.Hint("?", "keys", rank: 1),
    KeyHints.Hint("q", "quit", rank: 0),
  ])

  /// Text being typed after `prefix`, its end in view with the cursor, then the keys that fit in
  /// what it leaves: the text leaves room for the most important one (`⏎ keep`, `Esc cancel`).
  private func typed(prefix: String, hints: [(String, String, String)], width: Int) -> String {
    let keys = KeyHints(hints: hints.enumerated().map { rank, hint in
      KeyHints.Hint(hint.0, plain: hint.1, hint.2, rank: rank)
    })
    let room = max(2, width - prefix.count - 12)
    var line = prefix + TextFieldLine.shown(text, width: room, style: style)
    let hintLine = keys.line(width: width - line.displayWidth - 2, isDecorated: style.isDecorated)
    if !hintLine.isEmpty { line += "  " + style.dim(hintLine) }
    return line
  }
}
