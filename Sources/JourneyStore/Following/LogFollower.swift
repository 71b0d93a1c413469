/// Follows the change log for one database: how far its managed journeys are true to it, which
/// batches in it are the database's own (taken in already, not to be reported), what others
/// committed that `refresh()` has not returned yet, and whether another connection committed
/// since a last look (`PRAGMA data_version`).
final class LogFollower {
  /// The last change of the log that the managed journeys reflect, once a journey is managed.
  private(set) var position: JourneyChange.ID?
  /// `PRAGMA data_version` at the last look for `waitForCommit`.
  private var dataVersion: Int64?
  /// `PRAGMA data_version` at the last look before a fetch.
  private var fetchedDataVersion: Int64?
  /// Batches the database committed that the follower has not passed yet.
  /// A short array, not a `Set<Int64>`: the first set of a type walks every conformance record
  /// of the static binary for `Int64: Hashable`, which one edit would pay for nothing.
  private var ownBatches: [Int64] = []
  /// Whether every own batch is kept, passed or not: a database that runs long work for
  /// another hands them all back (`ownBatchIDs`).
  var keepsOwnBatches = false
  /// Changes by others that were taken in and not returned yet.
  private var unreported: [JourneyChange] = []

  /// Starts following at the end of the log, once: before the first journey is read to manage,
  /// so that everything committed after that read is taken in later.
  func start(at end: @autoclosure () throws -> JourneyChange.ID, dataVersion version: @autoclosure () throws -> Int64) rethrows {
    guard position == nil else { return }
    if dataVersion == nil { dataVersion = try version() }
    position = try end()
  }

  /// Goes on from `end`, when what lies between cannot be read (another process pruned it).
  func skip(to end: JourneyChange.ID) {
    position = end
  }

  /// The batches the database committed that the follower has not passed yet: all of them, for
  /// a database that keeps them (one that runs long work for another).
  var ownBatchIDs: Set<Int64> {
    Set(ownBatches)
  }

  /// Notes a batch the database committed: its changes are not reported as others'.
  func noteOwn(_ batch: Int64) {
    if !ownBatches.contains(batch) { ownBatches.append(batch) }
  }

  /// Moves the position past the database's own batch `batch`, which was taken in from what it
  /// carried: the caller has checked that the position was right before it.
  func pass(_ batch: Int64) {
    position = .end(batch: batch, write: .max)
    if !keepsOwnBatches { ownBatches = ownBatches.filter { $0 > batch } }
  }

  /// Reads the changes after the position, oldest first, hands each to `apply`, and moves the
  /// position past it; those of batches not the database's own (nor `isOwn`'s) wait for
  /// `takeUnreported()`.
  ///
  /// `isDue`, asked after each change, ends the reading early once it says so: the position
  /// stays right after the last change applied, and the next call goes on from there (a batch
  /// of a million changes is taken in by slices).
  /// - Returns: Whether it stopped before the end of the log.
  @discardableResult
  func follow(
    _ log: ChangeLog, isOwn: (Int64) -> Bool, isDue: () -> Bool = { false },
    apply: (JourneyChange) throws -> Void
  ) throws -> Bool {
    guard let start = position else { return false }
    var lastBatch: Int64?
    var isPaused = false
    do {
      try log.forEachChange(ChangeQuery(after: start, isNewestFirst: false)) { change in
        position = change.id
        lastBatch = change.batch
        try apply(change)
        if !ownBatches.contains(change.batch) && !isOwn(change.batch) { unreported.append(change) }
        if isDue() { throw Pause() }
      }
    } catch is Pause {
      isPaused = true
    }
    // The batch the reading paused in is not passed yet: it stays noted as the database's own.
    if let lastBatch, !keepsOwnBatches {
      ownBatches = ownBatches.filter { isPaused ? $0 >= lastBatch : $0 > lastBatch }
    }
    return isPaused
  }

  /// Thrown to end a reading of the log early (`follow`'s `isDue`).
  private struct Pause: Error {}

  /// The changes by others taken in since the last call.
  func takeUnreported() -> [JourneyChange] {
    defer { unreported.removeAll() }
    return unreported
  }

  /// Whether another connection committed since the last call (`version` is `PRAGMA
  /// data_version` now), or since following started.
  func hasOutsideCommit(version: Int64) -> Bool {
    defer { dataVersion = version }
    return dataVersion.map { $0 != version } ?? false
  }

  /// Whether another connection may have committed since the last fetch looked (`version` is
  /// `PRAGMA data_version` now): the managed journeys must catch up before a fetch filters them.
  func needsCatchUpBeforeFetching(version: Int64) -> Bool {
    guard position != nil, version != fetchedDataVersion else { return false }
    fetchedDataVersion = version
    return true
  }
}
