import FoundationEssentials
import JourneyStore

/// The journey's end, start plus duration, as a control: left and right move it 5 minutes
/// earlier or later by changing the duration, never before the start.
struct EndDateControl {
  @Binding var duration: TimeInterval
  /// The journey the duration is bound to, whose end this shows.
  let journey: Journey
  let isFocused: Bool
  let style: Style
}

extension EndDateControl: TerminalControl {
  func step(by count: Int) {
    duration = max(0, duration + TimeInterval(count) * DurationSlider.step)
  }

  func lines(width: Int) -> [String] {
    let label = ControlLabel(title: EditorFocus.endDate.title, isFocused: isFocused, style: style)
    let value = SteppedValue(
      text: journey.endDate.localText, hint: "5 min steps", isFocused: isFocused, style: style)
    return [label.rendered + value.rendered]
  }
}
