import JourneyStore

/// The list of journeys, as the original app's list shows them: the rows of the window on
/// screen, the selected one highlighted, with a scroll position at the right edge when the list
/// is longer than the screen.
struct JourneyList {
  /// The journeys on screen, from row `top` of the list.
  let journeys: [Journey]
  let top: Int
  let count: Int
  let selectedIndex: Int
  let height: Int
  let isFiltered: Bool
  let style: Style
}

extension JourneyList: TerminalView {
  func lines(width: Int) -> [String] {
    guard count > 0 else {
      let empty = isFiltered ? "No journey matches; Esc shows them all." : "No journeys yet; press a to add one."
      return [style.dim(empty)] + Array(repeating: "", count: max(0, height - 1))
    }
    let durationColumn = journeys.map(\.duration.durationDescription.displayWidth).reduce(JourneyListRow.durationWidth, max)
    let rows = journeys.enumerated().map { position, journey in
      JourneyListRow(
        journey: journey, isSelected: top + position == selectedIndex, style: style, durationColumn: durationColumn
      ).lines(width: width - 1)[0] + scrollMark(at: position)
    }
    return rows + Array(repeating: "", count: max(0, height - rows.count))
  }

  /// The right edge of a row: a bar where the screen lies in the list, when it is longer.
  private func scrollMark(at row: Int) -> String {
    guard count > height, height > 0 else { return " " }
    let start = top * height / count
    let end = max(start + 1, (top + height) * height / count)
    guard (start..<end).contains(row) else { return style.isDecorated ? style.dim("│") : " " }
    return style.isDecorated ? "┃" : "|"
  }
}
