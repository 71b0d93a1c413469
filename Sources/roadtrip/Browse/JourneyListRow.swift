import FoundationEssentials
import JourneyStore

/// One journey as a line of the list: its type's symbol, name, local start and duration, in
/// columns that line up whatever the name holds (wide characters, emoji, control characters); on
/// a narrow list the start is shorter, then left out, so that the name keeps 20 columns.
struct JourneyListRow {
  let journey: Journey
  let isSelected: Bool
  let style: Style
  /// The width of the duration column: the widest duration of the rows on screen, at least
  /// `durationWidth`, so that a long one (`1h 17m 32s`) is never cut.
  var durationColumn = Self.durationWidth
}

extension JourneyListRow: TerminalView {
  /// The least width of the duration column.
  static let durationWidth = 8
  /// The room a name gets first, as in `list`'s table: the start is shorter, then left out,
  /// before the name gets less; it gets more once the start is shown whole.
  static let leastNameWidth = 20

  func lines(width: Int) -> [String] {
    let marker = isSelected ? (style.isDecorated ? "›" : ">") : " "
    let type = style.isDecorated ? journey.transportationType.symbol : Self.shortName(journey.transportationType)
    let fixed = 2 + type.displayWidth + 1 + 2 + durationColumn
    // A duration wider than its column's least width takes its room from the name, not from
    // the start: the year or the time of day says more than two letters of a name.
    let start = StartColumn.widest(fitting: width - fixed + durationColumn - Self.durationWidth - Self.leastNameWidth)
    let nameWidth = max(1, width - fixed - (start.map { $0.width + 2 } ?? 0))
    var line = marker + " " + type + " " + journey.name.escapingControlCharacters.cut(toWidth: nameWidth).padded(to: nameWidth)
    if let start { line += "  " + start.text(of: journey.startDate) }
    let duration = journey.duration.durationDescription
    line += "  " + String(repeating: " ", count: max(0, durationColumn - duration.displayWidth)) + duration
    return [isSelected ? style.inverse(line) : line]
  }

  /// The start as the list shows it, as wide as the row leaves room for: with the zone's offset
  /// (`2026-11-21 09:00+01:00`), without it (`2026-11-21 09:00`), or without the year
  /// (`11-21 09:00`) when it is this year's, and without the time (`2025-11-21`) when it is
  /// not, as `ls -l` shows a date: the year is shown wherever it is not the current one.
  enum StartColumn: Int, CaseIterable {
    case withOffset = 22, local = 16, withoutYear = 11

    var width: Int { rawValue }

    /// The widest form that fits `room` columns with its two spaces, or `nil`.
    static func widest(fitting room: Int) -> StartColumn? {
      allCases.first { $0.width + 2 <= room }
    }

    func text(of date: Date) -> String {
      let text = date.localText(showsSeconds: false)
      switch self {
      case .withOffset: return text.padded(to: width)
      case .local: return String(text.prefix(16)).padded(to: width)
      case .withoutYear:
        let isThisYear = text.prefix(4) == DateExpression.referenceNow.localDayText.prefix(4)
        return String(isThisYear ? text.prefix(16).dropFirst(5) : text.prefix(10)).padded(to: width)
      }
    }
  }

  /// The type in four letters, for a screen without symbols: `bike`, `lrai`.
  private static func shortName(_ type: TransportationType) -> String {
    String(type.rawValue.filter { $0 != "-" }.prefix(4)).padded(to: 4)
  }
}
