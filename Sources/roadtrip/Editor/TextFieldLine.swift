/// A line of typed text after a control's label, as the name and a typed value show: with a
/// cursor at its end while it has the focus, and the end of a text too long for the line, where
/// the cursor is.
struct TextFieldLine {
  let title: String
  let text: String
  let isFocused: Bool
  let style: Style
}

extension TextFieldLine: TerminalView {
  func lines(width: Int) -> [String] {
    let label = ControlLabel(title: title, isFocused: isFocused, style: style).rendered
    let room = max(2, width - label.visibleWidth)
    guard isFocused else { return [label + text.escapingControlCharacters.cut(toWidth: room)] }
    return [label + Self.shown(text, width: room, style: style)]
  }

  /// Text being typed, as it shows in `width` columns with the cursor after it: its control
  /// characters escaped, and only its end when it is longer, where the cursor is.
  static func shown(_ text: String, width: Int, style: Style) -> String {
    let cursor = style.isDecorated ? "▏" : "_"
    var text = text.escapingControlCharacters
    while !text.isEmpty && text.displayWidth + 1 > width { text.removeFirst() }
    return text + cursor
  }
}
