/// How long a follower of the change log sleeps before it looks for a commit again: a few short
/// naps just after the file was written, since a commit becomes visible a moment after its last
/// write (after the write-ahead log's fsync), and otherwise at most `fallback`, so that a wake
/// inotify never sent (a file system that does not report writes) costs a quarter of a second.
struct WakeSchedule {
  /// The naps after a write, shortest first.
  static let rechecks: [Duration] = [.milliseconds(1), .milliseconds(3), .milliseconds(10), .milliseconds(30), .milliseconds(100)]
  /// The longest sleep.
  static let fallback: Duration = .milliseconds(250)

  private var naps: ArraySlice<Duration> = []

  /// How long to sleep next.
  var next: Duration { naps.first ?? Self.fallback }

  /// Takes note of how the last sleep ended: woken by a write, or not.
  mutating func noteWake(_ isWrite: Bool) {
    if isWrite {
      naps = Self.rechecks[...]
    } else if !naps.isEmpty {
      naps.removeFirst()
    }
  }
}
