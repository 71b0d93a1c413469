#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Bindings to a managed journey's fields that save each write, off the caller's thread,
  /// without touching the unsaved edits of this or other journeys (`WriteThroughBindable`).
  ///
  /// The outcome of each write comes back to the isolation that owns the database: on an actor
  /// (the main actor of an app), by itself, soon after the save; elsewhere (a thread of yours, a
  /// command line's loop) when you next call `refresh()` (which `outsideChanges()` does on every
  /// wake), `waitForPendingWrites()`, or a method that writes. A refused write has snapped back
  /// and `onFailure` has run by then, on that isolation.
  /// - Parameters:
  ///   - journey: A journey this database manages (from `journey(id:)`, `journeys(_:)` or `add(_:)`).
  ///   - isolation: The actor that owns the database, if any: the caller's, by default.
  ///   - onFailure: Called with the error when a write cannot be saved, after its field has
  ///     returned to its last saved value (unless written again since).
  public func writeThrough(
    _ journey: Journey, isolation: isolated (any Actor)? = #isolation, onFailure: @escaping (any Error) -> Void
  ) -> WriteThroughBindable {
    precondition(
      isClosed || identityMap.object(journey.id) === journey, "writeThrough needs a journey this database manages")
    if writeThroughOwner == nil { writeThroughOwner = isolation }
    return WriteThroughBindable(journey: journey, database: self, onFailure: onFailure)
  }

  /// Waits as `waitForPendingWrites()` does, for at most `timeout`.
  /// - Returns: Whether every write was saved or refused in time (their outcomes are taken).
  func waitForPendingWrites(within timeout: Duration) -> Bool {
    guard let writeThroughQueue else { return true }
    guard writeThroughQueue.waitUntilIdle(within: timeout) else { return false }
    takeWriteThroughOutcomes()
    return true
  }

  /// Blocks until every write-through write made so far is saved or refused, and takes the
  /// outcomes: when it returns, refused fields are back at their saved values and their failure
  /// handlers have run. Call it before the process ends (a command line's editor does, on quit):
  /// a write still in flight would be lost with the process.
  /// - Returns: The errors of the writes found refused now (each went to its failure handler
  ///   too), oldest first: a caller that quits can still report them.
  @available(*, noasync, message: "Use the async form, which waits off the caller's actor")
  @discardableResult
  public func waitForPendingWrites() -> [any Error] {
    guard let writeThroughQueue else { return [] }
    writeThroughQueue.waitUntilIdle()
    return takeWriteThroughOutcomes()
  }

  /// Waits as `waitForPendingWrites()` does, off the caller's actor: a write-through write that
  /// waits for another process's lock keeps nobody else waiting. The outcomes are taken on the
  /// caller's actor, as `waitForPendingWrites()` takes them.
  /// - Parameter isolation: The actor that owns this database: the caller's, by default.
  /// - Returns: The errors of the writes found refused now, oldest first.
  @discardableResult
  public func waitForPendingWrites(isolation: isolated (any Actor)? = #isolation) async -> [any Error] {
    guard let writeThroughQueue else { return [] }
    await withCheckedContinuation { continuation in
      writeThroughQueue.whenIdle { continuation.resume() }
    }
    return takeWriteThroughOutcomes()
  }

  /// Saves the values just written to `fields` of a managed journey (`values`: the journey's
  /// after the write), off the caller's thread; its outcome comes back through
  /// `takeWriteThroughOutcomes()`. An in-memory database has no file to share with a second
  /// connection: it saves at once, on the caller's thread.
  func save(
    _ fields: JourneyFieldSet, of values: JourneyValues, id: UUID,
    onFailure: @escaping (any Error) -> Void
  ) {
    // A closed database saves nothing: the write stays on the object, which nobody manages.
    guard !isClosed else { return onFailure(JourneyDatabaseError.closed(path: path)) }
    let write = pendingWrites.start(id: id, fields: fields, values: values, onFailure: onFailure)
    guard configuration.isInMemory else { return startedWriteThroughQueue().enqueue(write) }
    let result = Result<Int64?, any Error> {
      try save(only: [id], fields: fields)
      return nil
    }
    take([FieldWrite.Outcome(write: write, result: result)])
  }

  /// Takes the outcomes of the write-through writes that finished: a saved value becomes the
  /// field's saved value; a refused one snaps back (unless written again since) and its failure
  /// handler runs.
  /// - Returns: The errors of the refused writes.
  @discardableResult
  func takeWriteThroughOutcomes() -> [any Error] {
    guard let writeThroughQueue else { return [] }
    return take(writeThroughQueue.takeOutcomes())
  }

  @discardableResult
  private func take(_ outcomes: [FieldWrite.Outcome]) -> [any Error] {
    var errors: [any Error] = []
    for outcome in outcomes {
      let (id, values) = (outcome.write.id, outcome.write.values)
      let (newestFields, onFailure) = pendingWrites.finish(outcome.write)
      switch outcome.result {
      case .success(let batch):
        guard let batch else { continue }
        follower.takeSaved(outcome.write.fields, of: values, id: id, batch: batch)
      case .failure(let error):
        for field in newestFields {
          identityMap.restore(field, of: id, ifHolding: values[field])
        }
        errors.append(error)
        onFailure?(error)
      }
    }
    return errors
  }

  /// The queue of write-through writes, started with the first one.
  private func startedWriteThroughQueue() -> WriteThroughQueue {
    if let writeThroughQueue { return writeThroughQueue }
    let delivery = writeThroughOwner.map { OutcomeDelivery(database: self, owner: $0) }
    let (path, configuration) = (path, configuration)
    let queue = WriteThroughQueue(
      origin: configuration.origin, batches: batchesInFlight,
      openConnection: {
        // Upgraded and checked as the owner does before its first write.
        let connection = try JourneyDatabase.connect(path: path, configuration: configuration)
        try JourneyDatabase.upgradeSchema(of: connection, configuration: configuration)
        try JourneyDatabase.verifySchema(of: connection, path: path)
        return connection
      },
      didFinish: { delivery?.schedule() })
    writeThroughQueue = queue
    return queue
  }
}
