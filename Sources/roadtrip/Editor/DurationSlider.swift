import FoundationEssentials
import JourneyStore

/// The original app's duration slider: the duration and a track with a knob; left and right
/// shorten or lengthen it by 5 minutes, never below zero.
struct DurationSlider {
  @Binding var duration: TimeInterval
  let isFocused: Bool
  let style: Style
}

extension DurationSlider {
  /// How much one step changes the duration: 5 minutes.
  static let step: TimeInterval = 5 * 60
  /// The track's length, in cells, and the duration a full track stands for (it doubles for
  /// longer journeys).
  static let trackLength = 24
  static let trackSpan: TimeInterval = 4 * 3600
}

extension DurationSlider: TerminalControl {
  func step(by count: Int) {
    duration = max(0, duration + TimeInterval(count) * Self.step)
  }

  func lines(width: Int) -> [String] {
    let title = EditorFocus.duration.title
    let label = ControlLabel(title: title, isFocused: isFocused, style: style).rendered
    let value = SteppedValue(
      text: duration.durationDescription, hint: "5 min steps", isFocused: isFocused, style: style)
    return [label + value.rendered + "  " + track]
  }

  /// The slider's track with its knob where the duration lies: `━━━━●───────`.
  private var track: String {
    var span = Self.trackSpan
    while span < duration { span *= 2 }
    let position = (duration / span * Double(Self.trackLength - 1)).rounded()
    let knob = position.isFinite ? Int(Swift.min(Swift.max(position, 0), Double(Self.trackLength - 1))) : 0
    let (filled, knobMark, empty) = style.isDecorated ? ("━", "●", "─") : ("=", "o", "-")
    return String(repeating: filled, count: knob) + knobMark
      + String(repeating: empty, count: Self.trackLength - 1 - knob)
  }
}
