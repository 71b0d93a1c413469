import Synchronization

/// The batches a database's other connections committed for it (its write-through queue, its
/// long work) whose outcome it has not taken yet: a reader of the log on the owner's connection
/// may meet such a batch first, and must take it as the database's own, not report it as
/// another writer's.
///
/// A batch is noted before its commit makes it visible (`write(on:origin:verify:_:)`), and
/// dropped again when the commit fails (its id may then go to another writer's batch) or when
/// the owner takes the outcome (`remove(_:)`).
final class BatchesInFlight: Sendable {
  /// A short array, not a `Set<Int64>`: a few batches at most are in flight, and destroying the
  /// first `Mutex<Set<Int64>>` of a process walks every conformance record of the static binary
  /// for `Int64: Hashable`, which one edit would pay for nothing, as `LogFollower` says.
  private let batches = Mutex<[Int64]>([])

  /// Whether `batch` was committed by one of the database's other connections and its outcome
  /// not taken yet.
  func contains(_ batch: Int64) -> Bool {
    batches.withLock { $0.contains(batch) }
  }

  /// Forgets batches whose outcome the owner took: they are its own from then on.
  func remove(_ taken: some Sequence<Int64>) {
    let taken = Array(taken)
    batches.withLock { $0.removeAll(where: taken.contains) }
  }

  /// Writes as `Batch.write(on:origin:verify:beforeCommit:_:)` does (`beforeCommit` first), noting
  /// the batch here right before the commit, and forgetting it when the commit fails.
  /// - Returns: What `body` returned, and the batch committed (`nil`: no change, no batch).
  func write<T>(
    on connection: Connection, origin: String, verify: () throws -> Void = {},
    beforeCommit: (Int64?) throws -> Void = { _ in }, _ body: (Batch) throws -> T
  ) throws -> (result: T, batch: CommittedBatch?) {
    var noted: Int64?
    do {
      return try Batch.write(
        on: connection, origin: origin, verify: verify,
        beforeCommit: { batch in
          try beforeCommit(batch)
          noted = batch
          if let batch { batches.withLock { $0.append(batch) } }
        }, body)
    } catch {
      if let noted { batches.withLock { $0.removeAll { $0 == noted } } }
      throw error
    }
  }
}
