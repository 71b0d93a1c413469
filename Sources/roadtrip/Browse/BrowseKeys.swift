/// The screen that `?` shows: every key of the list and of the editor.
struct BrowseKeys {
  let style: Style
}

extension BrowseKeys {
  /// Each key with what it does, as the README lists them.
  static let keys: [(String, String)] = [
    ("Up Down  j k", "move the selection"),
    ("PgUp PgDn", "move a screen"),
    ("Home End  g G", "first, last journey"),
    ("Enter", "edit the journey"),
    ("a", "add a journey (type its name)"),
    ("d", "delete it (after Sure?)"),
    ("/", "search names as you type"),
    ("s", "sort: start, name, type, duration"),
    ("t", "filter by the next type"),
    ("Esc", "clear the search and filter; leave the editor"),
    ("u", "undo the last change"),
    ("U  Ctrl-R", "redo"),
    ("q", "quit (in the editor: back to the list)"),
    ("Ctrl-C", "quit with exit code 130"),
    ("Ctrl-Z", "suspend (fg resumes)"),
    ("In the editor", "Up Down Tab choose, Left Right - + change"),
    ("  the name", "saved when left: one undo takes it back"),
    ("  Enter", "type a type, start, end or duration, as set"),
  ]
}

extension BrowseKeys {
  /// The screen of keys, cut to `size`: on a short screen the last keys give way, never the
  /// line that says how to go back.
  func frame(size: TerminalSize) -> [String] {
    var lines = lines(width: size.columns)
    if lines.count > size.rows { lines = lines.prefix(max(0, size.rows - 1)) + lines.suffix(1) }
    return lines.map { $0.truncated(toWidth: size.columns) }
  }
}

extension BrowseKeys: TerminalView {
  func lines(width: Int) -> [String] {
    let keyWidth = Self.keys.map(\.0.count).max() ?? 0
    return [style.bold("Keys"), ""]
      + Self.keys.map { key, meaning in "  " + style.bold(key.padded(to: keyWidth)) + "  " + meaning }
      + ["", style.dim("Press any key to go back.")]
  }
}
