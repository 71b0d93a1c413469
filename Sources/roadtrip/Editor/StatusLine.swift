/// The line under the controls: why the last change was not saved (in red), or what another
/// process changed; empty when there is nothing to say.
struct StatusLine {
  let status: StatusMessage?
  let style: Style
}

extension StatusLine: TerminalView {
  func lines(width: Int) -> [String] {
    guard let status else { return [""] }
    let text = status.text.escapingControlCharacters
    return [status.isError ? style.red(text) : style.dim(text)]
  }
}
