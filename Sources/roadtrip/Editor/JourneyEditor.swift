import JourneyStore

/// The original app's `JourneyEditor`, on a terminal: the journey as a card above a
/// transportation type picker, a start date picker, the end and a duration slider, then a status
/// line and the keys. Each control gets a binding to the one field it edits; here those bindings
/// save every change at once. Enter on a control types its value instead (`ValueEntry`).
struct JourneyEditor {
  /// The journey, with bindings to its fields that save each write (`database.writeThrough`).
  let bindings: WriteThroughBindable
  let state: EditorState
  let style: Style
}

extension JourneyEditor {
  var typePicker: TransportationTypePicker {
    TransportationTypePicker(
      transportationType: bindings.transportationType, isFocused: isFocused(.transportationType),
      style: style)
  }

  var startDatePicker: StartDatePicker {
    StartDatePicker(startDate: bindings.startDate, isFocused: isFocused(.startDate), style: style)
  }

  var endDateControl: EndDateControl {
    EndDateControl(
      duration: bindings.duration, journey: bindings.journey, isFocused: isFocused(.endDate),
      style: style)
  }

  var durationSlider: DurationSlider {
    DurationSlider(duration: bindings.duration, isFocused: isFocused(.duration), style: style)
  }

  /// The control of `focus`.
  func control(_ focus: EditorFocus) -> any TerminalControl {
    switch focus {
    case .transportationType: typePicker
    case .startDate: startDatePicker
    case .endDate: endDateControl
    case .duration: durationSlider
    }
  }

  /// The control that has the focus: the one the left and right keys change.
  var focusedControl: any TerminalControl {
    control(state.focus)
  }

  /// The whole screen, line by line, cut to its size: on a screen too short for everything, the
  /// card goes first.
  var frame: [String] {
    let width = state.size.columns
    let card = JourneyCard(journey: bindings.journey, style: style, width: width).rendered
      .split(separator: "\n").map(String.init)
    let controls = controlLines(width: width)
    let footer =
      StatusLine(status: state.status, style: style).lines(width: width)
      + HelpLine(state: state, style: style).lines(width: width)
    var lines = card + [""] + controls + [""] + footer
    if lines.count > state.size.rows {
      lines = controls + footer
    }
    return lines.suffix(state.size.rows).map { $0.truncated(toWidth: width) }
  }

  /// The controls' lines, the one a value is typed into showing what was typed; none once the
  /// journey is gone.
  private func controlLines(width: Int) -> [String] {
    guard !state.isJourneyDeleted else { return [] }
    return EditorFocus.allCases.flatMap { focus in
      if let entry = state.entry, entry.focus == focus {
        return TextFieldLine(title: focus.title, text: entry.text, isFocused: true, style: style)
          .lines(width: width)
      }
      return control(focus).lines(width: width)
    }
  }

  private func isFocused(_ focus: EditorFocus) -> Bool {
    state.hasFocus && state.focus == focus
  }
}
