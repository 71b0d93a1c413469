import Dispatch
import Synchronization

/// Saves write-through writes off the owner's thread: one at a time, in the order written, each
/// in a transaction (one batch) of its own, on a connection of its own to the same file. A setter
/// hands its write over and returns at once, even while another process holds the lock; the
/// owner takes the outcomes later (`JourneyDatabase.takeWriteThroughOutcomes()`).
///
/// `@unchecked Sendable` is safe here: `connection` is created and used only by the jobs of
/// `queue`, a serial queue, so by one thread at a time; `state` is behind a `Mutex`; everything
/// else is immutable and `Sendable`.
final class WriteThroughQueue: @unchecked Sendable {
  /// The origin its batches record.
  private let origin: String
  /// Opens the queue's connection to the file, its schema checked, when the first write comes.
  private let openConnection: @Sendable () throws -> Connection
  private let queue = DispatchQueue(label: "JourneyStore.WriteThroughQueue")
  private var connection: Connection?
  private let state = Mutex(State())
  /// Called on the queue after each outcome, to have the owner take it.
  private let didFinish: @Sendable () -> Void
  /// The owner's batches committed elsewhere, where this queue notes its own until the owner
  /// takes their outcomes.
  private let batches: BatchesInFlight

  private struct State {
    var outcomes: [FieldWrite.Outcome] = []
  }

  /// A queue whose batches record `origin`, writing on the connection `openConnection` opens
  /// when the first write comes, noting its batches in `batches`, and calling `didFinish` on its
  /// thread after each outcome.
  init(
    origin: String, batches: BatchesInFlight, openConnection: @escaping @Sendable () throws -> Connection,
    didFinish: @escaping @Sendable () -> Void
  ) {
    self.origin = origin
    self.batches = batches
    self.openConnection = openConnection
    self.didFinish = didFinish
  }

  /// Saves a write after those handed over before it, on the queue's thread.
  func enqueue(_ write: FieldWrite) {
    queue.async { [self] in
      let outcome = FieldWrite.Outcome(write: write, result: Result { try save(write) })
      state.withLock { $0.outcomes.append(outcome) }
      didFinish()
    }
  }

  /// Blocks until every write handed over so far is saved or refused.
  func waitUntilIdle() {
    queue.sync {}
  }

  /// Calls `body` on the queue's thread once every write handed over so far is saved or
  /// refused: a caller on an actor awaits it there instead of blocking.
  func whenIdle(_ body: @escaping @Sendable () -> Void) {
    queue.async(execute: body)
  }

  /// Blocks until every write handed over so far is saved or refused, or `timeout` passes.
  /// - Returns: Whether they were all saved or refused in time.
  func waitUntilIdle(within timeout: Duration) -> Bool {
    let idle = DispatchSemaphore(value: 0)
    queue.async { idle.signal() }
    let (seconds, attoseconds) = timeout.components
    return idle.wait(timeout: .now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))) == .success
  }

  /// The outcomes since the last call, in the order written; their batches are the owner's own
  /// from then on.
  func takeOutcomes() -> [FieldWrite.Outcome] {
    let outcomes = state.withLock { state in
      defer { state.outcomes.removeAll() }
      return state.outcomes
    }
    batches.remove(outcomes.compactMap { try? $0.result.get() })
    return outcomes
  }

  /// Writes the fields to the journey's row, read fresh inside the transaction (the log records
  /// what the file held, whoever wrote it), as one batch.
  /// - Returns: The batch, or `nil` when the file held the values already.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when the journey was deleted meanwhile,
  ///   `JourneyValidationError` for a value no journey may hold (before its UPDATE), or what
  ///   SQLite says (a lock held past the busy timeout, a full disk).
  private func save(_ write: FieldWrite) throws -> Int64? {
    let connection = try self.connection ?? open()
    return try batches.write(on: connection, origin: origin) { batch in
      guard let stored = try JourneyRow.values(of: write.id, in: connection) else {
        throw JourneyDatabaseError.journeyNotFound(write.id.lowercasedText)
      }
      let new = stored.replacing(write.fields, with: write.values)
      try new.checkRules(id: write.id, writing: write.fields)
      try batch.update(id: write.id, from: stored, to: new)
    }.batch?.id
  }

  /// Opens the queue's connection.
  private func open() throws -> Connection {
    let connection = try openConnection()
    self.connection = connection
    return connection
  }
}
