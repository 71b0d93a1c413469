import FoundationEssentials
import JourneyStore

/// The original app's start date picker: the start in the local time zone with its offset; left
/// and right move it a quarter of an hour earlier or later.
struct StartDatePicker {
  @Binding var startDate: Date
  let isFocused: Bool
  let style: Style
}

extension StartDatePicker {
  /// How far one step moves the start: 15 minutes.
  static let step: TimeInterval = 15 * 60
}

extension StartDatePicker: TerminalControl {
  func step(by count: Int) {
    startDate = startDate.addingTimeInterval(TimeInterval(count) * Self.step)
  }

  func lines(width: Int) -> [String] {
    let title = EditorFocus.startDate.title
    let label = ControlLabel(title: title, isFocused: isFocused, style: style).rendered
    let value = SteppedValue(text: startDate.localText, hint: "15 min steps", isFocused: isFocused, style: style)
    return [label + value.rendered]
  }
}
