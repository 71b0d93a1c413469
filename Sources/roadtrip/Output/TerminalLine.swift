/// One line of text for people made of cells separated by two spaces, as `history` and `watch`
/// print a change: on a terminal it fits the width, cut with an ellipsis where it reaches it
/// (never wrapped); each cell is decorated after it is cut, so that no colour is cut in half.
struct TerminalLine {
  /// The cells in order: plain text, and how to colour it.
  private(set) var cells: [(text: String, decorate: (String) -> String)] = []
}

extension TerminalLine {
  /// Adds a cell.
  /// - Parameters:
  ///   - text: The plain text of the cell, its padding included.
  ///   - decorate: Colours the text (after it is cut).
  mutating func append(_ text: String, decorate: @escaping (String) -> String = { $0 }) {
    cells.append((text, decorate))
  }

  /// The line, ending in a newline.
  /// - Parameter width: The columns it must fit, cut with an ellipsis; `nil` cuts nothing.
  func rendered(fitting width: Int?) -> String {
    var line = ""
    var room = width ?? .max
    for (index, cell) in cells.enumerated() {
      let separator = index == 0 ? "" : "  "
      room -= separator.count
      let cellWidth = cell.text.displayWidth
      // A cell that does not fit is cut; so is one that leaves no room for a cut of the next.
      let isFollowed = cells[(index + 1)...].contains { $0.text.contains { !$0.isWhitespace } }
      if cellWidth > room || (isFollowed && room - cellWidth < 3) {
        line += separator + cell.decorate(cell.text.cut(toWidth: min(room, cellWidth - 1)))
        break
      }
      line += separator + cell.decorate(cell.text)
      room -= cellWidth
    }
    return line + "\n"
  }
}
