import Dispatch

extension JourneyDatabase {
  /// Runs long work (an import, an export, an undo or redo, a vacuum; a sync) off the caller's
  /// actor, on a connection of its own, and brings its result back: the one mechanism behind
  /// every async form of long work.
  ///
  /// 1. `work` runs on a thread of its own (a serial `DispatchQueue`, not the caller's actor nor
  ///    Swift's cooperative pool, which a blocking SQLite call would hold), given a *worker*: a
  ///    `JourneyDatabase` opened on the same file with the same configuration, as the write-through
  ///    queue opens its connection through the front. It writes through the worker's `Writer`
  ///    (as every write does; a sync session is given it), which notes each batch in this
  ///    database's `batchesInFlight` before its commit (`worksFor`), so that a reader of the log
  ///    here (`follow()`, a `refresh()` while the work runs) takes it as this database's own,
  ///    never as another's; and the worker's follower notes each batch committed
  ///    (`CommitFollower.takeOwn(_:)`), which hands it back here.
  /// 2. Cancelling the caller's task stops the work: at its next check between rows
  ///    (`LongWork.checkCancellation()`), or within the statement it is running
  ///    (`LongWork.run(on:_:)`); the transaction rolls back and the call throws
  ///    `CancellationError`. Work that had committed returns as usual.
  /// 3. Progress goes to `progress` on the work's thread, at most every `LongWork.reportInterval`
  ///    and at the end (`LongWork.report(completed:total:isFinal:)`).
  /// 4. Back on the caller's isolation, the batches the worker committed become this database's
  ///    own, and the managed journeys and live lists take them in, by slices of at most
  ///    `sliceDuration` with a `Task.yield()` between them (`catchUp(bySlicesOn:)`), so that the
  ///    caller's actor goes on drawing: observers hear of the result on the owner's actor,
  ///    without `refresh()`, before the call returns.
  ///
  /// The owner's write-through writes in flight are awaited first, off the actor, as a write
  /// waits for SQLite's lock: the worker's, with the busy timeout of the configuration.
  ///
  /// An in-memory database has no file for a second connection: its work runs on the caller, as
  /// its write-through writes do.
  ///
  /// A new kind of long work is a method of the worker wrapped in this:
  ///
  /// ```swift
  /// try await runLongWork(progress: progress, isolation: isolation) { worker, work in
  ///   try worker.synchronize(with: remote, reporting: work)   // work.checkCancellation() per file
  /// }
  /// ```
  /// - Parameters:
  ///   - progress: Called with the progress the work reports, on its thread.
  ///   - isolation: The caller's actor, which owns this database: the result is taken in there.
  ///   - work: The work, given the worker and its `LongWork` (cancellation and progress).
  ///   - willTakeIn: Runs on the caller's isolation once the work succeeded, before its batches
  ///     are taken in: a delete the caller asked for lets its journeys go there, unreported.
  /// - Returns: What `work` returned.
  /// - Throws: `CancellationError` when the task was cancelled before the work committed, or
  ///   what `work` or opening the worker throws; nothing of the work stays then.
  func runLongWork<T: Sendable>(
    progress: (@Sendable (WorkProgress) -> Void)?, isolation: isolated (any Actor)?,
    _ work: sending @escaping (JourneyDatabase, LongWork) throws -> T,
    willTakeIn: (T) -> Void = { _ in }
  ) async throws -> T {
    try Task.checkCancellation()
    let longWork = LongWork(progress: progress)
    guard !configuration.isInMemory else {
      let result = try longWork.run(on: connection) { try work(self, longWork) }
      willTakeIn(result)
      return result
    }
    // The owner's edits on their way to the file go first: the work (an export, a sync) sees them.
    await waitForPendingWrites(isolation: isolation)
    let job = WorkerJob(
      path: path, configuration: configuration, ownerBatches: batchesInFlight, work: work)
    let (outcome, batches) = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue(label: "JourneyStore.LongWork").async {
          continuation.resume(returning: job.run(longWork))
        }
      }
    } onCancel: {
      longWork.cancel()
    }
    if case .success(let result) = outcome { willTakeIn(result) }
    await takeLongWork(batches, isolation: isolation)
    return try outcome.get()
  }

  /// Takes in the batches long work committed for this database: they are its own from now on,
  /// and the managed journeys and live lists follow them as they follow any commit, by slices.
  /// A log that cannot be read now is read by the next `refresh()`, which reports the error: the
  /// work itself is done.
  private func takeLongWork(_ batches: Set<Int64>, isolation: isolated (any Actor)?) async {
    guard !batches.isEmpty, !isClosed else { return }
    follower.takeOwn(committedElsewhere: batches)
    try? await catchUp(bySlicesOn: isolation)
  }
}

/// Long work on its way to its thread: what opens the worker and what it runs.
///
/// `@unchecked Sendable` is safe here: `work` was `sending` into `runLongWork`, so nothing else
/// holds what it captured, and it is called once, on the work's thread; everything else is
/// `Sendable`.
private struct WorkerJob<T: Sendable>: @unchecked Sendable {
  let path: String
  let configuration: JourneyDatabase.Configuration
  let ownerBatches: BatchesInFlight
  let work: (JourneyDatabase, LongWork) throws -> T

  /// Opens the worker and runs the work on it.
  /// - Returns: The work's outcome, and the batches the worker committed (those of a failed
  ///   work too: a sync may commit some before it fails).
  func run(_ longWork: LongWork) -> (Result<T, any Error>, Set<Int64>) {
    let worker: JourneyDatabase
    do {
      worker = try JourneyDatabase(path: path, configuration: configuration)
    } catch {
      return (.failure(error), [])
    }
    worker.worksFor = ownerBatches
    worker.follower.keepOwnBatchIDs()
    let outcome = Result { try longWork.run(on: worker.connection) { try work(worker, longWork) } }
    return (outcome, worker.follower.ownBatchIDs)
  }
}
