#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The async forms of the writes: each runs its batch off the caller's actor, on a connection of
/// its own, as long work does (`runLongWork`), so that a wait for another process's lock (up to
/// `Configuration.busyTimeout`) or a write of a hundred thousand journeys keeps the caller's
/// actor free; the batch is taken in there, by slices, before the call returns. Async code
/// resolves to these forms: the synchronous ones are `noasync`.
extension JourneyDatabase {
  /// Saves as `save()` does, waiting for SQLite's lock off the caller's actor: a UI goes on
  /// drawing while another process writes. The edits saved are those made when the save starts
  /// (after the write-through writes in flight, awaited first); an edit made while it waits stays
  /// unsaved, and the journeys' saved values are those written when the call returns.
  ///
  /// ```swift
  /// trip.name = "Coast road"
  /// try await database.save()
  /// ```
  /// - Parameter isolation: The actor that owns this database: the caller's, by default.
  /// - Throws: As `save()`: `JourneyValidationError` before any SQL runs,
  ///   `JourneyDatabaseError.deletedElsewhere` naming the journeys another process deleted (the
  ///   others' edits are saved), or `SQLiteError` (a lock held past the busy timeout); nothing is
  ///   saved then and the edits stay, unsaved.
  public func save(isolation: isolated (any Actor)? = #isolation) async throws {
    try checkOpen()
    // Saved after the write-through writes in flight, as `save()` saves.
    await waitForPendingWrites(isolation: isolation)
    let pending = identityMap.unsavedEdits(of: nil)
    guard !pending.isEmpty else { return }
    try checkRules(of: pending)
    let deleted = try await runLongWork(progress: nil, isolation: isolation) { worker, _ in
      try worker.write(pending)
    }
    guard deleted.isEmpty else { throw JourneyDatabaseError.deletedElsewhere(deleted) }
  }

  /// Inserts a journey as `add(_:)` does, off the caller's actor, and manages it from now on.
  /// - Parameter isolation: The actor that owns this database: the caller's, by default.
  /// - Returns: The journey itself, now managed.
  /// - Throws: As `add(_:)`; nothing is inserted then.
  @discardableResult
  public func add(_ journey: Journey, isolation: isolated (any Actor)? = #isolation) async throws -> Journey {
    try await add(contentsOf: [journey], isolation: isolation)
    return journey
  }

  /// Inserts journeys made in code, as `add(contentsOf:beforeCommit:)` does, in one batch off the
  /// caller's actor, and manages them from now on: a hundred thousand of them need no
  /// interchange text. Their values are read on the caller's actor and the objects managed there
  /// once the batch is committed, by slices, as long work's results are taken in.
  ///
  /// Cancelling the task stops the inserts between two journeys and rolls them back: the call
  /// throws `CancellationError` and nothing is inserted.
  /// - Parameters:
  ///   - journeys: The journeys to insert; all are inserted or, when one fails, none.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - progress: Called on the inserts' thread with the journeys inserted so far, at most
  ///     every 50 ms and once at the end.
  /// - Throws: `JourneyValidationError` for the first value no journey may hold, before any SQL
  ///   runs; `JourneyDatabaseError.duplicateID`, `CancellationError`, or `SQLiteError`; nothing
  ///   is inserted then.
  public func add(
    contentsOf journeys: some Sequence<Journey>, isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws {
    try checkOpen()
    let journeys = Array(journeys)
    var values: [(id: UUID, values: JourneyValues)] = []
    values.reserveCapacity(journeys.count)
    try await Self.bySlices(of: journeys, isolation: isolation) { slice in
      for journey in slice {
        try journey.validate()
        values.append((journey.id, JourneyValues(readingUntracked: journey)))
      }
    }
    try markChangeLogPosition()
    // The objects wait for their inserts, which the follower takes in as it takes in any commit.
    identityMap.reserveCapacity(forInserting: journeys.count)
    await Self.bySlices(of: journeys, isolation: isolation) { identityMap.awaitInsert(of: $0) }
    do {
      try await runLongWork(progress: progress, isolation: isolation) { [values] worker, work in
        try worker.insert(values, work: work)
      }
    } catch {
      await Self.bySlices(of: journeys, isolation: isolation) { identityMap.stopAwaitingInsert(of: $0) }
      throw error
    }
  }

  /// Hands `body` the journeys a slice at a time, with a `Task.yield()` whenever a frame's time
  /// (`sliceDuration`) has passed: a hundred thousand journeys made in code are checked, read
  /// and set aside while the caller's actor goes on drawing.
  private static func bySlices(
    of journeys: [Journey], isolation: isolated (any Actor)?, _ body: (ArraySlice<Journey>) throws -> Void
  ) async rethrows {
    var deadline = ContinuousClock.now + sliceDuration
    for start in stride(from: 0, to: journeys.count, by: 256) {
      try body(journeys[start..<min(start + 256, journeys.count)])
      if ContinuousClock.now >= deadline {
        await Task.yield()
        deadline = .now + sliceDuration
      }
    }
  }

  /// Deletes a journey as `delete(_:)` does, off the caller's actor.
  /// - Parameter isolation: The actor that owns this database: the caller's, by default.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when it is not in the database.
  public func delete(_ journey: Journey, isolation: isolated (any Actor)? = #isolation) async throws {
    try await delete(ids: [journey.id], isolation: isolation)
  }

  /// Deletes journeys as `delete(ids:beforeCommit:)` does, in one batch off the caller's actor:
  /// all of them or, when one is missing, none. Their objects are no longer managed (until an
  /// undo brings them back); their unsaved edits go with them, unreported: the caller asked.
  /// - Parameters:
  ///   - ids: The journeys to delete.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, `CancellationError`, or `SQLiteError`;
  ///   nothing is deleted then.
  public func delete(ids: some Sequence<UUID>, isolation: isolated (any Actor)? = #isolation) async throws {
    let ids = Array(ids)
    try await runLongWork(progress: nil, isolation: isolation) { worker, work in
      try worker.delete(ids: ids) { _ in try work.checkCancellation() }
    } willTakeIn: { _ in
      follower.forgetDeleted(ids)
    }
  }

  /// Edits a journey as `edit(_:_:)` does, in one immediate transaction off the caller's actor:
  /// `body` runs there too, on a journey read fresh inside the transaction (not the managed
  /// object), and only the fields it changed are written. A managed instance of the journey
  /// takes the committed values on the caller's actor before the call returns, keeping its own
  /// unsaved edits.
  ///
  /// ```swift
  /// try await database.edit(id) { $0.transportationType = .bike }
  /// ```
  /// - Parameters:
  ///   - id: The journey to edit.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - body: Changes the journey; it runs off the caller's actor.
  /// - Throws: As `edit(_:_:)`; nothing is written then.
  public func edit(
    _ id: UUID, isolation: isolated (any Actor)? = #isolation,
    _ body: sending @escaping (Journey) throws -> Void
  ) async throws {
    try await edit(ids: [id], isolation: isolation, body)
  }

  /// Edits journeys as `edit(ids:reading:_:beforeCommit:)` does, all in one batch off the
  /// caller's actor, as `edit(_:isolation:_:)` edits one.
  /// - Parameters:
  ///   - ids: The journeys to edit.
  ///   - reading: The fields `body` reads to make its change: a stored value of one of them that
  ///     the model cannot hold is refused rather than edited from a default.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - body: Changes each journey; it runs off the caller's actor.
  /// - Throws: As `edit(ids:reading:_:beforeCommit:)`, or `CancellationError`; nothing is
  ///   written then.
  public func edit(
    ids: some Sequence<UUID>, reading: Set<JourneyField> = [], isolation: isolated (any Actor)? = #isolation,
    _ body: sending @escaping (Journey) throws -> Void
  ) async throws {
    let ids = Array(ids)
    try await runLongWork(progress: nil, isolation: isolation) { worker, work in
      try worker.edit(ids: ids, reading: reading, body, beforeCommit: { try work.checkCancellation() })
    }
  }
}
