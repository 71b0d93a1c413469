import Synchronization

/// One piece of long work as it runs off its caller's actor (`JourneyDatabase.runLongWork`):
/// whether its task was cancelled, and where its progress goes.
///
/// Cancelling stops the work at its next check between rows (`checkCancellation()`) and, through
/// `run(on:_:)`, any statement its connection is running (`Connection.interrupting(when:_:)`): the
/// transaction is rolled back, nothing of it stays. Progress reaches the caller's closure at most
/// every `reportInterval`, and always at the end (`report(completed:total:isFinal:)`), on the
/// work's thread.
final class LongWork: Sendable {
  private let cancelled = Atomic<Bool>(false)
  private let progress: (@Sendable (WorkProgress) -> Void)?
  /// When progress was last handed over.
  private let lastReport = Mutex<ContinuousClock.Instant?>(nil)

  /// The shortest time between two reports of progress: a UI redraws no faster, and a report
  /// costs its receiver a hop to its actor.
  static let reportInterval = Duration.milliseconds(50)

  init(progress: (@Sendable (WorkProgress) -> Void)?) {
    self.progress = progress
  }

  /// Asks the work to stop: called by the task's cancellation handler, on any thread.
  func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Whether the work was asked to stop.
  var isCancelled: Bool {
    cancelled.load(ordering: .relaxed)
  }

  /// Throws `CancellationError` once the work was asked to stop: call it between rows.
  func checkCancellation() throws(CancellationError) {
    if isCancelled { throw CancellationError() }
  }

  /// Hands the progress to the caller's closure, unless it had some less than `reportInterval`
  /// ago; a final report always goes.
  func report(completed: Int, total: Int? = nil, isFinal: Bool = false) {
    guard let progress else { return }
    let now = ContinuousClock.now
    let isDue = lastReport.withLock { last in
      let isLongEnough = last.map { $0.duration(to: now) >= Self.reportInterval } ?? true
      guard isFinal || isLongEnough else { return false }
      last = now
      return true
    }
    if isDue { progress(WorkProgress(completed: completed, total: total)) }
  }

  /// Runs `body` with the statements of `connection` stopped once the work is asked to stop;
  /// a statement stopped so, or a check between rows, ends it with `CancellationError`.
  func run<T>(on connection: Connection, _ body: () throws -> T) throws -> T {
    do {
      try checkCancellation()
      return try connection.interrupting(when: { [self] in isCancelled }, body)
    } catch let error as SQLiteError where error.resultCode == .interrupt && isCancelled {
      throw CancellationError()
    }
  }
}
