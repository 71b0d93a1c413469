/// A part of the editor's screen, as a SwiftUI view is a part of a window: it draws what it was
/// given as lines of text, styled with escape sequences.
protocol TerminalView {
  /// The view's lines, for a screen `width` columns wide (longer lines are cut at the edge).
  func lines(width: Int) -> [String]
}
