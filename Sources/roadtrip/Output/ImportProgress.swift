/// The count of journeys read so far, on standard error when it is a terminal: a long import
/// shows that it is alive; a piped one prints nothing.
final class ImportProgress {
  private let isShown = StandardError.isTerminal
  private var isOnScreen = false

  /// Shows the count, over the previous one.
  func report(_ count: Int) {
    guard isShown, count > 0 else { return }
    StandardError.write("\rImporting… \(count) journeys")
    isOnScreen = true
  }

  /// Removes the count from the screen.
  func clear() {
    guard isOnScreen else { return }
    StandardError.write("\r\u{1B}[K")
    isOnScreen = false
  }
}
