import Glibc

extension TerminalSize {
  /// The size of the terminal standard output is, or `nil` when it is none or does not say.
  /// The corresponding C function is `ioctl` with `TIOCGWINSZ`.
  static var standardOutput: TerminalSize? {
    var window = winsize()
    let result = withUnsafeMutablePointer(to: &window) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
    guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// The columns a listing on a terminal fits into: `$COLUMNS` when it is set (as `ls` reads
  /// it), else the terminal's width, else 80.
  static var listingColumns: Int {
    if let text = Environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return standardOutput?.columns ?? 80
  }
}
