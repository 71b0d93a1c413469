/// Rows of text in aligned columns, as `list` and `types` print them for people: a header, then
/// one line a row, columns separated by two spaces, trailing spaces trimmed.
///
/// A table that fits a width (on a terminal) cuts one column, the names, with an ellipsis so that
/// every line fits, and leaves out the columns it can do without, in their order, before a name
/// is cut below `roomyCut` characters; piped, nothing is cut. A long table is sized from its first rows and then
/// streamed (`freezeWidths`), so that it neither waits for nor holds every row.
struct TextTable {
  /// The column headings.
  let headings: [String]
  /// The columns whose text is aligned to the right (numbers).
  let rightAligned: Set<Int>
  /// The width lines must fit, and the column cut to fit it; `nil` when nothing is cut.
  let fitting: (width: Int, column: Int)?
  /// The columns left out of a table too narrow for them, first the first.
  let droppable: [Int]
  /// The rows not printed yet, each a plain-text cell for each column.
  private(set) var rows: [[String]] = []
  /// The column widths, once fixed by `freezeWidths`; `nil` for a column left out.
  private(set) var frozenWidths: [Int?]?

  init(
    headings: [String], rightAligned: Set<Int> = [], fitting: (width: Int, column: Int)? = nil,
    droppable: [Int] = []
  ) {
    self.headings = headings
    self.rightAligned = rightAligned
    self.fitting = fitting
    self.droppable = droppable
  }
}

extension TextTable {
  /// Adds a row; control characters in its cells are escaped.
  mutating func append(_ cells: [String]) {
    precondition(cells.count == headings.count, "a row needs one cell for each of the \(headings.count) columns")
    rows.append(cells.map(\.escapingControlCharacters))
  }

  /// The table as lines of text, the rows held so far; with the header unless the widths are
  /// frozen already (it was printed then). The rows are printed once: they are removed.
  /// - Parameters:
  ///   - style: Headings are bold, and `decorate` colours cells, when the style is decorated.
  ///   - includesHeader: Whether to start with the headings.
  ///   - decorate: Colours a cell's padded text, given its column.
  mutating func render(
    style: Style, includesHeader: Bool = true, decorate: (Int, String) -> String = { $1 }
  ) -> String {
    var text = ""
    let widths = frozenWidths ?? widths(includesHeader: includesHeader)
    if includesHeader && frozenWidths == nil {
      text += line(headings, widths: widths) { style.bold($1) }
    }
    for row in rows {
      text += line(row, widths: widths) { style.isDecorated ? decorate($0, $1) : $1 }
    }
    rows.removeAll()
    return text
  }

  /// Renders the rows held so far (with the header), and keeps their column widths for every
  /// row to come: from now on each row can be printed as it comes.
  mutating func freezeWidths(
    style: Style, includesHeader: Bool = true, decorate: (Int, String) -> String = { $1 }
  ) -> String {
    let widths = widths(includesHeader: includesHeader)
    let text = render(style: style, includesHeader: includesHeader, decorate: decorate)
    frozenWidths = widths
    return text
  }

  /// The widest cell of each column, and the column that fits cut so that a line fits; `nil` for
  /// the columns left out.
  ///
  /// The cut column (the names) gets its room first, up to `roomyCut` characters: the columns it
  /// can do without are left out, first the first, before it is cut below that. It gets more than
  /// that only once every column is shown, so that a wider terminal, showing a column again,
  /// never shows less of the name.
  private func widths(includesHeader: Bool) -> [Int?] {
    var widths: [Int?] = headings.map { includesHeader ? $0.displayWidth : 0 }
    for row in rows {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column]!, cell.displayWidth)
      }
    }
    guard let fitting else { return widths }
    func available() -> Int {
      let shown = widths.indices.filter { widths[$0] != nil }
      return fitting.width - shown.filter { $0 != fitting.column }.reduce(0) { $0 + widths[$1]! } - 2 * (shown.count - 1)
    }
    let widest = widths[fitting.column]!
    let heading = headings[fitting.column].displayWidth
    let room = min(widest, max(Self.roomyCut, heading))
    for column in droppable where available() < room {
      widths[column] = nil
    }
    let isComplete = droppable.allSatisfy { widths[$0] != nil }
    widths[fitting.column] = max(min(widest, isComplete ? available() : min(available(), room)), heading)
    return widths
  }

  /// The characters of a cut column (the names) a table keeps before it leaves columns out.
  static let roomyCut = 20

  private func line(_ cells: [String], widths: [Int?], decorate: (Int, String) -> String) -> String {
    var parts: [String] = []
    for (column, cell) in cells.enumerated() {
      guard let width = widths[column] else { continue }
      let cell = column == fitting?.column ? cell.cut(toWidth: width) : cell
      let padding = String(repeating: " ", count: max(0, width - cell.displayWidth))
      let isLast = column == cells.count - 1
      let padded = rightAligned.contains(column) ? padding + cell : cell + (isLast ? "" : padding)
      parts.append(decorate(column, padded))
    }
    var line = parts.joined(separator: "  ")
    while line.hasSuffix(" ") { line.removeLast() }
    return line + "\n"
  }
}
