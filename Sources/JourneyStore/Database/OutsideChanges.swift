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
/// Every iterator gets every change committed after it was made, whoever takes them in: any
/// number of sequences may follow one database, and a `refresh()` of the caller's own hands its
/// changes to them too. The sequence sleeps between commits (a `DatabaseMonitor` wakes it,
/// holding no thread) and ends as soon as its task is cancelled. Iterate it where the database is
/// used: it refreshes the database's journeys.
public struct OutsideChanges: AsyncSequence {
  public typealias Element = [JourneyChange]
  let database: JourneyDatabase
  /// The database's file, whose folder the iterators' monitors watch.
  let path: String
}

extension OutsideChanges {
  /// An iterator that refreshes the database each time its file is written, and hands over
  /// every change taken in from now on.
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      database: database, monitor: DatabaseMonitor(path: path),
      subscription: database.follower.subscribe())
  }
}

extension OutsideChanges {
  /// Refreshes the database each time its file is written, and hands over what was committed.
  public struct Iterator: AsyncIteratorProtocol {
    let database: JourneyDatabase
    let monitor: DatabaseMonitor
    let subscription: ChangeSubscription

    /// The next changes committed by others, or `nil` once the task is cancelled or the database
    /// closed (`JourneyDatabase.close()`).
    /// - Throws: `SQLiteError` when the change log cannot be read.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> [JourneyChange]? {
      var schedule = WakeSchedule()
      while !Task.isCancelled && !database.isClosed {
        // A commit of a million changes is taken in by slices: the actor goes on drawing.
        if subscription.pending.isEmpty { try await database.refresh(bySlicesOn: actor) }
        if !subscription.pending.isEmpty { return subscription.pending.removeFirst() }
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
