#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes whoever waits on it when some process may have committed to a database file, so that
/// nobody has to poll: Linux's inotify, on the file's folder, for writes to the database and its
/// write-ahead log, and for the database file being created, deleted or renamed. It only says "look now": `JourneyDatabase.waitForCommit` (a cheap
/// `PRAGMA data_version`) says whether another connection committed, and `refresh()` what.
///
/// Where inotify is not available (another system, a network file system that does not report
/// writes), `wait(timeout:)` simply times out, so waiting in a loop still works, as a poll.
public final class DatabaseMonitor: Sendable {
  /// The inotify descriptor, readable when the database may have changed, to wait on together
  /// with other descriptors (`poll`); -1 when inotify is not available.
  public let fileDescriptor: Int32
  /// The names, in the folder, of the database file and its write-ahead log.
  private let names: Set<[UInt8]>

  /// Starts watching the database file at `path`, which need not exist yet.
  public init(path: String) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    names = [Array(name.utf8), Array((name + "-wal").utf8)]
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    // Deleted or moved away too: a watcher notices that another file takes the name.
    let events = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM)
    if descriptor >= 0 && inotify_add_watch(descriptor, folder, events) < 0 {
      close(descriptor)
      fileDescriptor = -1
    } else {
      fileDescriptor = descriptor
    }
  }

  deinit {
    if fileDescriptor >= 0 { close(fileDescriptor) }
  }
}

extension DatabaseMonitor {
  /// Blocks until the database file or its log is written, or `timeout` passes.
  /// - Returns: `true` when the file was written, `false` when the time ran out (or on a signal,
  ///   so that a caller can check for one).
  public func wait(timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return false }
      let (seconds, attoseconds) = left.components
      let milliseconds = Int32(clamping: min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      if fileDescriptor < 0 {
        _ = poll(nil, 0, milliseconds)
        return false
      }
      var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0 { return false }
      if ready > 0 && takeEvents() { return true }
    }
  }

  /// Reads the events that are waiting, without blocking.
  /// - Returns: Whether one of them was a write to the database file or its log.
  public func takeEvents() -> Bool {
    guard fileDescriptor >= 0 else { return false }
    var isRelevant = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return isRelevant }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
        let length = Int(event.len)
        // Events were lost: any of them may have been a write.
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { isRelevant = true }
        let name = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
        if names.contains(Array(name)) { isRelevant = true }
        offset += header + length
      }
    }
  }
}
