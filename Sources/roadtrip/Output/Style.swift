/// How text for people is decorated: colour, symbols and box drawing on a terminal, plain text
/// elsewhere and whenever `NO_COLOR` is set (https://no-color.org) or `TERM` is `dumb`; `--color`
/// (`ColorChoice`) decides otherwise.
struct Style {
  /// Whether to use colour, symbols and box drawing.
  let isDecorated: Bool
}

extension Style {
  /// The style for a stream: as `--color` chooses; by default decorated when it is a terminal
  /// and nothing asks for plain text.
  init(isTerminal: Bool) {
    isDecorated = ColorChoice.current.isDecorated(isTerminal: isTerminal)
  }

  /// The style for standard output.
  static var standardOutput: Style {
    Style(isTerminal: BufferedOutput.standard.isTerminal)
  }

  /// Bold text, such as a heading.
  func bold(_ text: String) -> String {
    decorate(text, "1")
  }

  /// Dimmed text, such as a label.
  func dim(_ text: String) -> String {
    decorate(text, "2")
  }

  /// Yellow text, as git shows commit hashes: for ids.
  func yellow(_ text: String) -> String {
    decorate(text, "33")
  }

  /// Red text: for errors.
  func red(_ text: String) -> String {
    decorate(text, "31")
  }

  /// Text in reverse video: for the selected option of a picker.
  func inverse(_ text: String) -> String {
    decorate(text, "7")
  }

  private func decorate(_ text: String, _ code: String) -> String {
    isDecorated && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
