/// The one way a database writes its journeys: the steps around every batch, in one place, as
/// GRDB's `DatabaseWriter.write` is for its database.
///
/// 1. `prepare`: the write-through writes in flight are saved (or refused) first, in their
///    order, and an older schema is upgraded (the front's `prepareForWriting()`);
/// 2. the page cache the write asks for, for this write only;
/// 3. `Batch.write`: an immediate (write-locked) transaction, the schema checked (`verify`),
///    one batch; for a database that runs long work for another, through the other's batches
///    in flight (`worksFor`), which notes the batch before its commit;
/// 4. `didCommit` takes the committed batch in (the front's `CommitFollower`, where every
///    commit, this database's or another's, becomes a managed journey's value and a live list's
///    row), before `write` returns.
///
/// The front makes one for each write (`JourneyDatabase.writer`); a sync session, which opens
/// its batch between reading the remote and publishing to it, is given one.
struct Writer {
  /// The connection the batches are written on.
  let connection: Connection
  /// The origin the batches record, unless a write names another.
  let origin: String
  /// The batches in flight of the database this one runs long work for, or `nil`.
  let worksFor: BatchesInFlight?
  /// Readies the database for a write: pending write-through writes saved, the schema upgraded.
  let prepare: () throws -> Void
  /// Checks the schema inside the write transaction, before anything is written.
  let verify: () throws -> Void
  /// Takes a committed batch in; it does not throw: the batch is committed whatever happens
  /// there (what it cannot read now, the next `refresh()` reads and reports).
  let didCommit: (CommittedBatch) -> Void
  /// The page cache, in KiB, that every write of this writer runs with at least (SQLite's
  /// default when smaller).
  var pageCacheKiB = 0

  /// Writes one batch through the steps above.
  /// - Parameters:
  ///   - origin: The batch's origin, when not the writer's (a sync's).
  ///   - pageCacheKiB: The page cache this write needs at least, in KiB, for a write that reads
  ///     and writes at random places of the file (many journeys).
  ///   - reportsDiscardedEdits: Whether a managed journey the batch deletes with unsaved edits
  ///     is reported as discarded; not when the caller asked for the delete.
  ///   - beforeCommit: Given the batch's id (`nil`: nothing changed) before the commit; what it
  ///     throws rolls the write back.
  ///   - body: The writes, through the batch.
  /// - Returns: What `body` returned, and the batch committed (`nil`: no change, no batch).
  @discardableResult
  func write<T>(
    origin: String? = nil, pageCacheKiB: Int = 0, reportsDiscardedEdits: Bool = true,
    beforeCommit: (Int64?) throws -> Void = { _ in }, _ body: (Batch) throws -> T
  ) throws -> (result: T, batch: CommittedBatch?) {
    try prepare()
    let origin = origin ?? self.origin
    var (result, batch) = try connection.withPageCache(ofAtLeast: max(pageCacheKiB, self.pageCacheKiB)) {
      guard let worksFor else {
        return try Batch.write(
          on: connection, origin: origin, verify: verify, beforeCommit: beforeCommit, body)
      }
      return try worksFor.write(
        on: connection, origin: origin, verify: verify, beforeCommit: beforeCommit, body)
    }
    batch?.reportsDiscardedEdits = reportsDiscardedEdits
    if let batch { didCommit(batch) }
    return (result, batch)
  }
}
