import Glibc

/// The terminal the editor runs on, taken over while it lives: raw mode on standard input (keys
/// arrive one at a time, unechoed, Ctrl-C as the byte 3 rather than a signal), the alternate
/// screen and a hidden cursor on standard output. `restore()` puts everything back as it was;
/// `takeOver()` takes it again (after a suspension, Ctrl-Z).
final class Terminal {
  /// The settings of standard input before the editor changed them.
  private let original: termios
  /// The settings the editor uses: raw mode.
  private let raw: termios
  /// Whether the editor has the terminal now (`restore()` has not run since `takeOver()`).
  private var isTakenOver = false

  /// Takes over the terminal on standard input and output.
  /// - Throws: `CommandError.usage` when standard input is not a terminal whose settings can be
  ///   read and changed.
  init() throws {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
      throw CommandError.usage("edit needs a terminal: \(String(cString: strerror(errno)))")
    }
    original = settings
    settings.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    raw = settings
    try takeOver()
  }

  deinit {
    restore()
  }
}

extension Terminal {
  /// Switches to the alternate screen (what was on screen comes back at the end), hides the
  /// cursor and clears the screen.
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  /// Shows the cursor, resets colours and leaves the alternate screen.
  private static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Puts standard input in raw mode and switches to the alternate screen.
  /// - Throws: `CommandError.usage` when the terminal refuses the settings.
  func takeOver() throws {
    guard !isTakenOver else { return }
    var settings = raw
    // TCSANOW: keys typed before the editor was ready are read, not thrown away.
    guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else {
      throw CommandError.usage("edit cannot use this terminal: \(String(cString: strerror(errno)))")
    }
    isTakenOver = true
    write(Self.enterSequence)
  }

  /// Puts the terminal back as it was: the screen, the cursor and the settings of standard input.
  /// Safe to call more than once.
  func restore() {
    guard isTakenOver else { return }
    isTakenOver = false
    write(Self.leaveSequence)
    var settings = original
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  /// The number of columns and rows; 80 by 24 when the terminal does not say.
  var size: TerminalSize {
    TerminalSize.standardOutput ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Writes text to standard output at once.
  /// - Returns: 0, or the `errno` of the failure (the terminal went away).
  @discardableResult
  func write(_ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { writeFully(to: STDOUT_FILENO, UnsafeRawBufferPointer($0)) }
  }

  /// Draws a frame over the previous one: each line from the top left, cleared to its end, then
  /// the rest of the screen cleared, in one write, so that nothing flickers.
  /// - Parameter lines: At most as many lines as the terminal has rows, each no wider than it.
  /// - Throws: `CommandError.cannotWriteOutput` when the terminal cannot be written.
  func draw(_ lines: [String]) throws {
    let frame = "\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J"
    let failure = write(frame)
    guard failure == 0 else {
      throw CommandError.cannotWriteOutput(destination: "the terminal", reason: String(cString: strerror(failure)))
    }
  }
}
