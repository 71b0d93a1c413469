/// A count of what long work has done so far, on standard error when it is a terminal (a long
/// import or sync shows that it is alive; a piped one prints nothing), drawn over itself at most
/// every 50 ms and removed at the end.
final class ProgressLine {
  private let isShown: Bool
  private let text: (Int) -> String
  private var isOnScreen = false
  private var lastDrawn: ContinuousClock.Instant?

  /// A line that shows a count as `text` says: `ProgressLine { "Importing… \($0) journeys" }`.
  /// - Parameter isShown: `false` for a command told to be quiet (`-q`): nothing is drawn.
  init(isShown: Bool = true, _ text: @escaping (Int) -> String) {
    self.isShown = isShown && StandardError.isTerminal
    self.text = text
  }

  /// Shows `text` until the first count: what the work does before it can count (a sync
  /// fetching its remote).
  func start(_ text: String) {
    guard isShown else { return }
    StandardError.write("\r" + text + "\u{1B}[K")
    isOnScreen = true
  }

  /// Shows the count, over the previous one, unless one was drawn less than 50 ms ago.
  func report(_ count: Int) {
    guard isShown, count > 0 else { return }
    let now = ContinuousClock.now
    if let lastDrawn, lastDrawn.duration(to: now) < .milliseconds(50) { return }
    lastDrawn = now
    StandardError.write("\r" + text(count) + "\u{1B}[K")
    isOnScreen = true
  }

  /// Removes the count from the screen.
  func clear() {
    guard isOnScreen else { return }
    StandardError.write("\r\u{1B}[K")
    isOnScreen = false
  }
}
