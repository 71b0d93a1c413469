/// The start of a control's line: a marker when the control has the focus, then its title,
/// padded so that the values line up.
struct ControlLabel {
  let title: String
  let isFocused: Bool
  let style: Style
}

extension ControlLabel {
  /// The columns the titles are padded to.
  static let width = 10

  /// The label as text: `› Type     `, or `> Type     ` without decoration.
  var rendered: String {
    let marker = isFocused ? (style.isDecorated ? "›" : ">") : " "
    let title = title.padded(to: Self.width)
    return marker + " " + (isFocused ? style.bold(title) : title)
  }
}
