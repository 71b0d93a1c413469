/// A value that steps left and right, as the date and duration controls show it: between arrows
/// when the control has the focus, with a hint saying how big a step is.
struct SteppedValue {
  let text: String
  let hint: String
  let isFocused: Bool
  let style: Style
}

extension SteppedValue {
  /// The value as text: `◀ 1h 30m ▶  5 min steps` when focused, `  1h 30m` otherwise.
  var rendered: String {
    guard isFocused else { return "  " + text + "  " }
    let (left, right) = style.isDecorated ? ("◀", "▶") : ("<", ">")
    return left + " " + style.bold(text) + " " + right + "  " + style.dim(hint)
  }
}
