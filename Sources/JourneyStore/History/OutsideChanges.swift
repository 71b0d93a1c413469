import Dispatch

/// The changes other processes commit to a database, as an asynchronous sequence: each element
/// holds what one `JourneyDatabase.refresh()` took in (the changes of one commit or more), after
/// the managed journeys were updated, so their observers have already seen it.
///
/// ```swift
/// for try await changes in try database.outsideChanges() {
///   print("\(changes.count) changes from \(changes[0].origin)")
/// }
/// ```
///
/// The sequence sleeps between commits (a `DatabaseMonitor` wakes it) and ends when its task is
/// cancelled. Iterate it where the database is used: it refreshes the database's journeys.
public struct OutsideChanges: AsyncSequence {
  public typealias Element = [JourneyChange]
  let database: JourneyDatabase
  let monitor: DatabaseMonitor

  public func makeAsyncIterator() -> Iterator {
    Iterator(database: database, monitor: monitor)
  }
}

extension OutsideChanges {
  /// Refreshes the database each time its file is written, and hands over what was committed.
  public struct Iterator: AsyncIteratorProtocol {
    let database: JourneyDatabase
    let monitor: DatabaseMonitor

    /// The next changes committed by others, or `nil` once the task is cancelled.
    /// - Throws: `SQLiteError` when the change log cannot be read.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> [JourneyChange]? {
      var rechecks: ArraySlice<Duration> = []
      while !Task.isCancelled {
        let changes = try database.refresh()
        if !changes.isEmpty { return changes }
        // A commit becomes visible a moment after its last write: after a wake, look again soon.
        let woke = await monitor.wait(upTo: rechecks.first ?? .milliseconds(250))
        if woke {
          rechecks = JourneyDatabase.recheckDelays[...]
        } else if !rechecks.isEmpty {
          rechecks.removeFirst()
        }
      }
      return nil
    }

    public mutating func next() async throws -> [JourneyChange]? {
      try await next(isolation: nil)
    }
  }
}

extension JourneyDatabase {
  /// What other processes commit from now on, as it is committed; see `OutsideChanges`.
  /// - Throws: `SQLiteError` when the change log cannot be read.
  public func outsideChanges() throws -> OutsideChanges {
    try markChangeLogPosition()
    return OutsideChanges(database: self, monitor: DatabaseMonitor(path: path))
  }
}

extension DatabaseMonitor {
  /// Waits as `wait(timeout:)` does, on another thread, so that the caller's is free meanwhile.
  func wait(upTo timeout: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: self.wait(timeout: timeout))
      }
    }
  }
}
