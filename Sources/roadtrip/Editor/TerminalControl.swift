/// A view that edits a value through a `Binding`: when it has the focus, the left and right
/// keys (and - and +) step the value down and up.
protocol TerminalControl: TerminalView {
  /// Changes the value by `count` steps: negative steps down, positive up.
  func step(by count: Int)
}
