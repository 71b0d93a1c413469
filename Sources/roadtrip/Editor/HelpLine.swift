/// The last line: the keys the editor understands now, as many as fit the width (`KeyHints`):
/// those of the controls, of a value being typed, of a caller's field (the name in `browse`), or
/// only `q` once the journey is gone.
struct HelpLine {
  let state: EditorState
  let style: Style
}

extension HelpLine: TerminalView {
  func lines(width: Int) -> [String] {
    [style.dim(hints.line(width: width, isDecorated: style.isDecorated))]
  }

  private var hints: KeyHints {
    let leave = KeyHints.Hint("q", state.leaveAction, rank: 0)
    if state.isJourneyDeleted { return KeyHints(hints: [leave]) }
    if let entry = state.entry {
      return KeyHints(hints: [
        KeyHints.Hint("⏎", plain: "enter", "set", rank: 0),
        KeyHints.Hint("Esc", plain: "esc", "cancel", rank: 1),
        KeyHints.Hint("", "e.g. " + entry.examples, rank: 2),
      ])
    }
    if !state.hasFocus {
      return KeyHints(hints: [
        KeyHints.Hint("⏎ Tab", plain: "enter/tab", "next", rank: 0),
        KeyHints.Hint("Esc", plain: "esc", state.leaveAction, rank: 1),
      ])
    }
    var hints = [
      KeyHints.Hint("↑↓ Tab", plain: "up/down/tab", "choose", rank: 2),
      KeyHints.Hint("←→ - +", plain: "left/right/-/+", "change", rank: 1),
      KeyHints.Hint("⏎", plain: "enter", "type a value", rank: 3),
    ]
    if state.undoes { hints.append(KeyHints.Hint("u", "undo", rank: 4)) }
    hints += [leave, KeyHints.Hint("", "(saved as you go)", rank: 5)]
    return KeyHints(hints: hints)
  }
}
