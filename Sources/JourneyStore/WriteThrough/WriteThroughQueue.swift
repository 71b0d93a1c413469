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

  private struct State {
    var outcomes: [FieldWrite.Outcome] = []
    /// Batches committed (or about to be) whose outcome the owner has not taken yet.
    var batches: Set<Int64> = []
  }

  /// A queue whose batches record `origin`, writing on the connection `openConnection` opens
  /// when the first write comes, and calling `didFinish` on its thread after each outcome.
  init(
    origin: String, openConnection: @escaping @Sendable () throws -> Connection,
    didFinish: @escaping @Sendable () -> Void
  ) {
    self.origin = origin
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

  /// Blocks until every write handed over so far is saved or refused, or `timeout` passes.
  /// - Returns: Whether they were all saved or refused in time.
  func waitUntilIdle(within timeout: Duration) -> Bool {
    let idle = DispatchSemaphore(value: 0)
    queue.async { idle.signal() }
    let (seconds, attoseconds) = timeout.components
    return idle.wait(timeout: .now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))) == .success
  }

  /// The outcomes since the last call, in the order written.
  func takeOutcomes() -> [FieldWrite.Outcome] {
    state.withLock { state in
      defer { state.outcomes.removeAll() }
      for case .success(let batch?) in state.outcomes.map(\.result) { state.batches.remove(batch) }
      return state.outcomes
    }
  }

  /// Whether `batch` is one of this queue's whose outcome was not taken yet: a reader of the log
  /// may meet it first, and must not report it as another's.
  func hasCommitted(_ batch: Int64) -> Bool {
    state.withLock { $0.batches.contains(batch) }
  }

  /// Writes the fields to the journey's row, read fresh inside the transaction (the log records
  /// what the file held, whoever wrote it), as one batch.
  /// - Returns: The batch, or `nil` when the file held the values already.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when the journey was deleted meanwhile, or
  ///   what SQLite says (a lock held past the busy timeout, a refused value, a full disk).
  private func save(_ write: FieldWrite) throws -> Int64? {
    let connection = try self.connection ?? open()
    var registered: Int64?
    do {
      // Noted before the commit makes it visible: the owner's reader must know it as its own.
      func note(_ batch: Int64?) {
        registered = batch
        if let batch { state.withLock { _ = $0.batches.insert(batch) } }
      }
      return try Batch.write(on: connection, origin: origin, beforeCommit: note) { batch in
        guard let stored = try JourneyRow.values(of: write.id, in: connection) else {
          throw JourneyDatabaseError.journeyNotFound(write.id.lowercasedText)
        }
        var new = stored
        for (field, value) in write.values { new[field] = value }
        try batch.update(id: write.id, from: stored, to: new)
      }.batch
    } catch {
      // Rolled back: the id may be given to another writer's batch.
      if let registered { state.withLock { _ = $0.batches.remove(registered) } }
      throw error
    }
  }

  /// Opens the queue's connection.
  private func open() throws -> Connection {
    let connection = try openConnection()
    self.connection = connection
    return connection
  }
}
