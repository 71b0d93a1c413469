/// A key pressed on the terminal, as the editor cares about it.
enum Key: Equatable {
  case up, down, left, right
  /// Tab, and Shift-Tab (`backTab`).
  case tab, backTab
  /// Ctrl-C: in raw mode it arrives as a byte, not as SIGINT.
  case interrupt
  /// Ctrl-Z: in raw mode it arrives as a byte, not as SIGTSTP.
  case suspend
  /// A printable ASCII character, such as `q`, `+` or `-`.
  case character(Character)
  /// Anything else: other control characters, other escape sequences, other characters.
  case other
}
