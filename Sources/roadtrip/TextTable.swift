/// Rows of text in aligned columns, as `list` and `types` print them for people: a header, then
/// one line a row, columns separated by two spaces, trailing spaces trimmed.
struct TextTable {
  /// The column headings.
  let headings: [String]
  /// The columns whose text is aligned to the right (numbers).
  let rightAligned: Set<Int>
  /// The rows, each a plain-text cell for each column.
  private(set) var rows: [[String]] = []

  init(headings: [String], rightAligned: Set<Int> = []) {
    self.headings = headings
    self.rightAligned = rightAligned
  }
}

extension TextTable {
  /// Adds a row; control characters in its cells are escaped.
  mutating func append(_ cells: [String]) {
    precondition(cells.count == headings.count, "a row needs one cell for each of the \(headings.count) columns")
    rows.append(cells.map(\.escapingControlCharacters))
  }

  /// The table as lines of text.
  /// - Parameters:
  ///   - style: Headings are bold, and `decorate` colours cells, when the style is decorated.
  ///   - includesHeader: Whether to start with the headings.
  ///   - decorate: Colours a cell's padded text, given its column.
  func rendered(
    style: Style, includesHeader: Bool = true, decorate: (Int, String) -> String = { $1 }
  ) -> String {
    var widths = headings.map { includesHeader ? $0.displayWidth : 0 }
    for row in rows {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], cell.displayWidth)
      }
    }
    var text = ""
    if includesHeader {
      text += line(headings, widths: widths) { style.bold($1) }
    }
    for row in rows {
      text += line(row, widths: widths) { style.isDecorated ? decorate($0, $1) : $1 }
    }
    return text
  }

  private func line(_ cells: [String], widths: [Int], decorate: (Int, String) -> String) -> String {
    var parts: [String] = []
    for (column, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: max(0, widths[column] - cell.displayWidth))
      let isLast = column == cells.count - 1
      let padded = rightAligned.contains(column) ? padding + cell : cell + (isLast ? "" : padding)
      parts.append(decorate(column, padded))
    }
    var line = parts.joined(separator: "  ")
    while line.hasSuffix(" ") { line.removeLast() }
    return line + "\n"
  }
}
