/// When text for people is decorated (colour, symbols, box drawing): `--color=auto|always|never`,
/// as git and ls take it.
enum ColorChoice: String, CaseIterable {
  /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`: the default.
  case auto
  /// Always, piped too (for `less -R`), whatever `NO_COLOR` says.
  case always
  /// Never.
  case never
}

extension ColorChoice {
  /// The choice of this process's command line, made once before the command runs.
  nonisolated(unsafe) static var current = ColorChoice.auto

  /// Whether text for a stream is decorated under this choice.
  /// - Parameter isTerminal: Whether the stream is a terminal.
  func isDecorated(isTerminal: Bool) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: isTerminal && Environment["NO_COLOR"] == nil && Environment["TERM"] != "dumb"
    }
  }
}
