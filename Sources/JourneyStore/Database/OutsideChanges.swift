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
}

extension OutsideChanges {
  /// An iterator that refreshes the database each time its file is written.
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
      var schedule = WakeSchedule()
      while !Task.isCancelled {
        let changes = try database.refresh()
        if !changes.isEmpty { return changes }
        schedule.noteWake(await monitor.wait(upTo: schedule.next))
      }
      return nil
    }

    /// The next changes committed by others, as `next(isolation:)` gives them.
    public mutating func next() async throws -> [JourneyChange]? {
      try await next(isolation: nil)
    }
  }
}
