import JourneyStore

/// The editor's name, as a text field: what is typed goes into the name through its binding,
/// one write per key; Backspace takes the last character away.
struct NameField {
  @Binding var name: String
  let isFocused: Bool
  let style: Style
}

extension NameField {
  /// Types one character at the end of the name.
  func type(_ character: Character) {
    name.append(character)
  }

  /// Takes the last character away, if any.
  func deleteBackward() {
    guard !name.isEmpty else { return }
    name.removeLast()
  }
}

extension NameField: TerminalView {
  func lines(width: Int) -> [String] {
    let label = ControlLabel(title: "Name", isFocused: isFocused, style: style).rendered
    let cursor = isFocused ? (style.isDecorated ? "▏" : "_") : ""
    let room = max(1, width - label.visibleWidth - 1)
    var text = name.escapingControlCharacters
    if isFocused && text.displayWidth + 1 > room {
      // The end of a long name, where the cursor is.
      while text.displayWidth + 1 > room { text.removeFirst() }
    }
    return [label + text.cut(toWidth: room) + cursor]
  }
}
