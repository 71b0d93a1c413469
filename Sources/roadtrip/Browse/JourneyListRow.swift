import JourneyStore

/// One journey as a line of the list: its type's symbol, name, local start and duration, in
/// columns that line up whatever the name holds (wide characters, emoji, control characters).
struct JourneyListRow {
  let journey: Journey
  let isSelected: Bool
  let style: Style
}

extension JourneyListRow: TerminalView {
  /// The width of the start column (`2026-11-21 09:00+01:00`) and of the duration column.
  static let startWidth = 22
  static let durationWidth = 8
  /// The least room for the name: narrower, the start is left out.
  static let leastNameWidth = 14

  func lines(width: Int) -> [String] {
    let marker = isSelected ? (style.isDecorated ? "›" : ">") : " "
    let type = style.isDecorated ? journey.transportationType.symbol : Self.shortName(journey.transportationType)
    let fixedWithoutStart = 2 + type.displayWidth + 1 + 2 + Self.durationWidth
    let showsStart = width - fixedWithoutStart - Self.startWidth - 2 >= Self.leastNameWidth
    let fixed = fixedWithoutStart + (showsStart ? Self.startWidth + 2 : 0)
    let nameWidth = max(1, width - fixed)
    var line = marker + " " + type + " " + journey.name.escapingControlCharacters.cut(toWidth: nameWidth).padded(to: nameWidth)
    if showsStart { line += "  " + journey.startDate.localText(showsSeconds: false).padded(to: Self.startWidth) }
    let duration = journey.duration.durationDescription
    line += "  " + String(repeating: " ", count: max(0, Self.durationWidth - duration.displayWidth)) + duration
    return [isSelected ? style.inverse(line) : line]
  }

  /// The type in four letters, for a screen without symbols: `bike`, `lrai`.
  private static func shortName(_ type: TransportationType) -> String {
    String(type.rawValue.filter { $0 != "-" }.prefix(4)).padded(to: 4)
  }
}
