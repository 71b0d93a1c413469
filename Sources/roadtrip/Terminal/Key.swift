/// A key pressed on the terminal, as the editor cares about it.
enum Key: Equatable {
  case up, down, left, right
  /// Tab, and Shift-Tab (`backTab`).
  case tab, backTab
  /// Ctrl-C: in raw mode it arrives as a byte, not as SIGINT.
  case interrupt
  /// Ctrl-Z: in raw mode it arrives as a byte, not as SIGTSTP.
  case suspend
  /// Enter (Return), Backspace, and Escape alone (not the start of a sequence).
  case enter, backspace, escape
  /// Page Up, Page Down, Home and End.
  case pageUp, pageDown, home, end
  /// Another control key, by its letter: Ctrl-R is `control("r")`.
  case control(Character)
  /// A printable character, such as `q`, `+`, `-` or `é` (read from its UTF-8 bytes).
  case character(Character)
  /// Anything else: other control characters, other escape sequences, other characters.
  case other
}
