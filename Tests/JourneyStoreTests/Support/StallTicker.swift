/// Measures how long the main actor stops answering: a task on it sleeps 5 ms over and over, and
/// the longest time between two of its wakes, less the 5 ms asked for, is the longest stall. A
/// UI on the main actor would have missed frames for as long.
@MainActor
final class StallTicker {
  /// The interval the ticker asks for.
  static let interval = Duration.milliseconds(5)
  private(set) var longest = Duration.zero
  private var task: Task<Void, Never>?

  /// Starts ticking; the first tick comes once the caller suspends.
  init() {
    task = Task { @MainActor [weak self] in
      var last = ContinuousClock.now
      while !Task.isCancelled {
        try? await Task.sleep(for: Self.interval)
        let now = ContinuousClock.now
        guard let self else { return }
        longest = max(longest, last.duration(to: now) - Self.interval)
        last = now
      }
    }
  }

  /// Lets the ticker tick once more (a stall that has just ended is measured), stops it and
  /// returns the longest stall seen.
  func stop() async -> Duration {
    try? await Task.sleep(for: Self.interval * 2)
    task?.cancel()
    return longest
  }

  /// The longest stall in milliseconds, for a test's message.
  nonisolated static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
  }
}
