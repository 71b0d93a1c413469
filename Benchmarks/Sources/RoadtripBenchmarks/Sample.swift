import Foundation

/// One timed run of one variant: how long its work took, and how much the process's peak
/// resident memory grew meanwhile.
struct Sample: Sendable {
  var seconds: Double
  var peakMemoryGrowth: Int
}

extension Sample {
  /// Times `body` with `ContinuousClock`. The kernel's peak-RSS mark is reset to the current
  /// resident size first, so the growth counts only what `body` added, not what setup used.
  static func measure(_ body: () throws -> Void) rethrows -> Sample {
    let residentBefore = ProcessMemory.resetPeak()
    let start = ContinuousClock.now
    try body()
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return Sample(seconds: seconds, peakMemoryGrowth: max(0, ProcessMemory.peak() - residentBefore))
  }

  /// The line a child process prints for its parent.
  var line: String { "\(seconds) \(peakMemoryGrowth)" }

  init?(line: Substring) {
    let fields = line.split(separator: " ")
    guard fields.count == 2, let seconds = Double(fields[0]), let growth = Int(fields[1]) else { return nil }
    self.init(seconds: seconds, peakMemoryGrowth: growth)
  }
}

/// The process's resident memory, from `/proc/self/status` (Linux).
enum ProcessMemory {
  /// The peak resident size in bytes (`VmHWM`).
  static func peak() -> Int { statusField("VmHWM:") }

  /// Resets the peak to the current resident size (`echo 5 > /proc/self/clear_refs`), and
  /// returns that size (`VmRSS`). Where the reset is refused, the peak so far is returned
  /// instead, so the growth measured is never overstated.
  static func resetPeak() -> Int {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return peak() }
    defer { try? file.close() }
    guard (try? file.write(contentsOf: Data("5".utf8))) != nil else { return peak() }
    return statusField("VmRSS:")
  }

  private static func statusField(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
  }
}
