/// The last line: the keys the editor understands, or only `q` once the journey is gone.
struct HelpLine {
  let isEditable: Bool
  let style: Style
}

extension HelpLine: TerminalView {
  func lines(width: Int) -> [String] {
    guard isEditable else { return [style.dim("q quit")] }
    let keys = style.isDecorated
      ? "↑↓ Tab choose   ←→ - + change   q quit   saved as you go"
      : "up/down/tab: choose  left/right/-/+: change  q: quit  (saved as you go)"
    return [style.dim(keys)]
  }
}
