/// The last line: the main keys of the list, or what is being typed or asked.
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
    let cursor = style.isDecorated ? "▏" : "_"
    switch mode {
    case .searching:
      return ["/" + text.escapingControlCharacters + cursor + "  " + style.dim("Enter keep  Esc clear")]
    case .naming:
      return ["Name: " + text.escapingControlCharacters + cursor + "  " + style.dim("Enter add  Esc cancel")]
    case .confirmingDelete:
      let name = selectedName.escapingControlCharacters.cut(toWidth: max(1, width - 30))
      return [style.red("Delete \u{201C}\(name)\u{201D}? Sure? (y/n)")]
    case .list, .editing, .help:
      let keys = style.isDecorated
        ? "↑↓ move  ⏎ edit  a add  d delete  / search  s sort  t type  u undo  ? keys  q quit"
        : "up/down: move  enter: edit  a: add  d: delete  /: search  s: sort  t: type  u: undo  ?: keys  q: quit"
      return [style.dim(keys)]
    }
  }
}
