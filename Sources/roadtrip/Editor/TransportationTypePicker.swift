import JourneyStore

/// The original app's transportation type picker: every type in a row, the selected one
/// highlighted; left and right choose the previous or next type, wrapping around.
struct TransportationTypePicker {
  @Binding var transportationType: TransportationType
  let isFocused: Bool
  let style: Style
}

extension TransportationTypePicker: TerminalControl {
  func step(by count: Int) {
    let all = TransportationType.allCases
    let index = all.firstIndex(of: transportationType)! + count % all.count
    transportationType = all[(index + all.count) % all.count]
  }

  /// One line: every type when they fit, else only the selected one between arrows.
  func lines(width: Int) -> [String] {
    let title = EditorFocus.transportationType.title
    let label = ControlLabel(title: title, isFocused: isFocused, style: style).rendered
    let row = TransportationType.allCases.map(option).joined(separator: " ")
    guard label.visibleWidth + row.visibleWidth > width else { return [label + row] }
    let (left, right) = style.isDecorated ? ("◀", "▶") : ("<", ">")
    let position = TransportationType.allCases.firstIndex(of: transportationType)! + 1
    let count = TransportationType.allCases.count
    return [label + "\(left) \(option(transportationType)) \(right)  " + style.dim("\(position)/\(count)")]
  }

  /// One type as the picker shows it: with decoration, the symbol alone, and for the selected
  /// one the symbol and title in reverse video; without, the title, in brackets when selected.
  private func option(_ type: TransportationType) -> String {
    guard type == transportationType else { return style.isDecorated ? type.symbol : type.description }
    return style.isDecorated ? style.inverse(" \(type.symbol) \(type.description) ") : "[\(type.description)]"
  }
}
