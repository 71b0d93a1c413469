/// How long a follower of the change log sleeps before it looks for a commit again: a few short
/// naps just after the file was written, since a commit becomes visible a moment after its last
/// write (after the write-ahead log's fsync), and otherwise at most `fallback`, so that a wake
/// inotify never sent (a file system that does not report writes) costs a quarter of a second.
/// `waitForCommit` and `outsideChanges()` follow it; so can an event loop of its own (an editor
/// that also waits for keys).
public struct WakeSchedule {
  /// The naps after a write, shortest first.
  public static let rechecks: [Duration] = [.milliseconds(1), .milliseconds(3), .milliseconds(10), .milliseconds(30), .milliseconds(100)]
  /// The longest sleep.
  public static let fallback: Duration = .milliseconds(250)

  private var naps: ArraySlice<Duration> = []

  /// A schedule that starts with the longest sleep.
  public init() {}

  /// How long to sleep next.
  public var next: Duration { naps.first ?? Self.fallback }

  /// Takes note of how the last sleep ended: woken by a write, or not.
  public mutating func noteWake(_ isWrite: Bool) {
    if isWrite {
      naps = Self.rechecks[...]
    } else if !naps.isEmpty {
      naps.removeFirst()
    }
  }
}
