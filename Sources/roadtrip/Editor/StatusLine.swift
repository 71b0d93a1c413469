/// The lines under the controls: why the last change was not saved (in red), or what another
/// process changed, wrapped at the edge of the screen; one empty line when there is nothing to say.
struct StatusLine {
  let status: StatusMessage?
  let style: Style
}

extension StatusLine: TerminalView {
  func lines(width: Int) -> [String] {
    guard let status else { return [""] }
    return Self.wrapped(status.text.escapingControlCharacters, width: width).map {
      status.isError ? style.red($0) : style.dim($0)
    }
  }

  /// Text broken into lines of at most `width` columns, between words (a longer word is cut later).
  private static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ").map(String.init) {
      if !line.isEmpty && line.displayWidth + 1 + word.displayWidth > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
