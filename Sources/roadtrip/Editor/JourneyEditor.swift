import JourneyStore

/// The original app's `JourneyEditor`, on a terminal: the journey as a card above a
/// transportation type picker, a start date picker and a duration slider, then a status line and
/// the keys. Each control gets a binding to the one field it edits; here those bindings save
/// every change at once.
struct JourneyEditor {
  /// The journey, with bindings to its fields that save each write (`database.writeThrough`).
  let bindings: WriteThroughBindable
  let state: EditorState
  let style: Style
}

extension JourneyEditor {
  var typePicker: TransportationTypePicker {
    TransportationTypePicker(
      transportationType: bindings.transportationType, isFocused: state.hasFocus && state.focus == .transportationType, style: style)
  }

  var startDatePicker: StartDatePicker {
    StartDatePicker(startDate: bindings.startDate, isFocused: state.hasFocus && state.focus == .startDate, style: style)
  }

  var durationSlider: DurationSlider {
    DurationSlider(duration: bindings.duration, isFocused: state.hasFocus && state.focus == .duration, style: style)
  }

  /// The control that has the focus: the one the left and right keys change.
  var focusedControl: any TerminalControl {
    switch state.focus {
    case .transportationType: typePicker
    case .startDate: startDatePicker
    case .duration: durationSlider
    }
  }

  /// The whole screen, line by line, cut to its size: on a screen too short for everything, the
  /// card goes first.
  var frame: [String] {
    let width = state.size.columns
    let card = JourneyCard(journey: bindings.journey, style: style, width: width).rendered
      .split(separator: "\n").map(String.init)
    let controls: [any TerminalControl] = state.isJourneyDeleted ? [] : [typePicker, startDatePicker, durationSlider]
    let footer = StatusLine(status: state.status, style: style).lines(width: width)
      + HelpLine(isEditable: !state.isJourneyDeleted, style: style).lines(width: width)
    var lines = card + [""] + controls.flatMap { $0.lines(width: width) } + [""] + footer
    if lines.count > state.size.rows {
      lines = controls.flatMap { $0.lines(width: width) } + footer
    }
    return lines.suffix(state.size.rows).map { $0.truncated(toWidth: width) }
  }
}
