#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Follows what is committed to a database's file into what the database holds in memory: the
/// one place where a commit, another process's or the database's own, becomes a managed
/// journey's value and a live list's row.
///
/// It notices commits of other connections (`PRAGMA data_version`, `waitForCommit`), reads the
/// log after its position (a `LogFollower`) through `ChangeLog`, applies each change to the
/// managed journey it concerns (`apply(_:)`), tells the live lists whose result the changes
/// changed (`LiveListRegistry.committed(_:current:)`), and hands the changes by others to every
/// `OutsideChanges` sequence in use (`ChangeSubscription`). Every batch the database commits
/// on its own connection comes here from its `Writer` (`takeOwn(_:)`), with the writes it
/// carries, and is applied as any other; a write-through write's (`takeSaved`) and long work's
/// (`takeOwn(committedElsewhere:)`) are noted as the database's own, and the front has it catch
/// up (`catchUp()`). It knows no front: it is given the connection, the identity map, the live
/// lists and the batches the database's other connections have in flight.
final class CommitFollower {
  let connection: Connection
  /// The managed journeys the changes go to.
  let identityMap: IdentityMap
  /// The live lists told when something committed changed their result.
  let liveLists: LiveListRegistry
  /// The batches the database's other connections committed for it whose outcome it has not
  /// taken: its own, when the log shows them first.
  let batchesInFlight: BatchesInFlight
  /// Called with the managed journeys deleted with unsaved edits, once a catch-up applied them
  /// (`JourneyDatabase.onEditsDiscarded`).
  var onEditsDiscarded: (([Journey]) -> Void)?
  /// How far the managed journeys are true to the log, and which batches are the database's own.
  private let log = LogFollower()
  /// The `OutsideChanges` sequences in use, each told of every change taken in; held weakly, so
  /// that a sequence no longer iterated drops out.
  private var subscriptions: [Weak<ChangeSubscription>] = []

  init(
    connection: Connection, identityMap: IdentityMap, liveLists: LiveListRegistry,
    batchesInFlight: BatchesInFlight
  ) {
    self.connection = connection
    self.identityMap = identityMap
    self.liveLists = liveLists
    self.batchesInFlight = batchesInFlight
  }

  private var changeLog: ChangeLog { ChangeLog(connection: connection) }
}

extension CommitFollower {
  /// Whether it follows the log: once a journey was read to manage, or changes were asked for,
  /// from a file of the current schema.
  var isFollowing: Bool { log.position != nil }

  /// Starts following at the end of the log, once: before the first journey is read to manage,
  /// so that everything committed after that read is taken in later. The caller has checked the
  /// schema: the log is readable.
  func start() throws {
    try log.start(at: try changeLog.end(), dataVersion: try connection.pragma("data_version"))
  }

  /// Applies every change committed since the position to the managed journeys, in the order of
  /// the log, the database's own included (so that an older outside change never lands on top
  /// of a newer own one), and tells the live lists whose result they changed; the others'
  /// changes wait for `takeUnreported()`. The write-through outcomes waiting are taken before
  /// (by the front).
  ///
  /// Journeys deleted with unsaved edits go to `onEditsDiscarded`, once all is applied.
  ///
  /// With a `deadline`, it stops at the first change after it, the changes read so far
  /// applied and the lists told of them: the next call goes on from there. A caller's actor
  /// takes a long work's million changes in by slices, and draws between them.
  /// - Returns: Whether it stopped at the deadline, with more to read.
  @discardableResult
  func catchUp(pausingAt deadline: ContinuousClock.Instant? = nil) throws -> Bool {
    guard let position = log.position else { return false }
    var discarded: [Journey] = []
    defer { if !discarded.isEmpty { onEditsDiscarded?(discarded) } }
    // `history prune` in another process may have dropped batches this one had not read: the
    // managed journeys are then read again from the file.
    if let horizon = try changeLog.horizon(), horizon.batch > position.batch + 1 {
      discarded = try reloadManagedJourneys()
      log.skip(to: try changeLog.end())
      liveLists.invalidateAll()
      return false
    }
    var committed = CommittedJourneys()
    // The clock is read every so many changes: reading it costs more than a change of a slice.
    var read = 0
    let isDue = { () -> Bool in
      read += 1
      guard let deadline, read % 64 == 0 else { return false }
      return ContinuousClock.now >= deadline
    }
    // What was applied is told even when the reading fails part way: the lists follow the
    // managed journeys.
    defer {
      identityMap.collectEdits()
      tell(committed)
    }
    return try liveLists.takingCommits {
      // A batch of the write-through queue or of long work whose outcome was not taken yet is
      // this database's too.
      try log.follow(changeLog, isOwn: batchesInFlight.contains, isDue: isDue) { change in
        if let journey = try apply(change) { discarded.append(journey) }
        committed.note(change)
      }
    }
  }

  /// Applies one change of the log to the managed journey it concerns: a new value to a field
  /// without an unsaved edit (`IdentityMap.takeCommitted`; observers see it); a deleted journey
  /// set aside, to be managed again (the same object) if an undo brings it back; an insert of a
  /// journey set aside so brings its object back, with the values the file holds now.
  /// - Returns: The journey, when it was deleted with unsaved edits.
  private func apply(_ change: JourneyChange) throws -> Journey? {
    let id = change.journeyID
    switch change.kind {
    case .insert:
      try identityMap.revive(id) { try JourneyRow.values(of: id, in: connection) }
    case .delete:
      return identityMap.detach(id)
    case .update:
      guard let field = change.field, let new = change.newValue?.stored else { return nil }
      identityMap.takeCommitted(new, for: field, of: id)
    }
    return nil
  }

  /// Applies the writes a batch of the database's own carried, as `apply(_:)` applies the log's
  /// rows, with the values the batch wrote (nothing is read again), and notes them in
  /// `committed`.
  private func apply(
    _ writes: [JourneyWrite], reportingDiscarded: Bool, into committed: inout CommittedJourneys,
    _ discarded: inout [Journey]
  ) {
    for write in writes {
      switch write {
      case .insert(let id, let values):
        identityMap.revive(id) { values }
        committed.note(id, .inserted, values: values)
      case .update(let id, let fields, let values):
        identityMap.takeCommitted(fields, of: values, id: id)
        committed.note(id, .updated(fields), values: values)
      case .delete(let id):
        if let journey = identityMap.detach(id), reportingDiscarded { discarded.append(journey) }
        committed.note(id, .deleted)
      }
    }
  }

  /// Tells the live lists whose result the changes just taken in changed, matching each
  /// changed journey as it is now (the managed object; otherwise made from the values its
  /// writer knew, or read from the file) against each list's query.
  private func tell(_ committed: CommittedJourneys) {
    liveLists.committed(committed) { id, values in
      if let object = identityMap.object(id) { return object }
      guard let values = values ?? (try? JourneyRow.values(of: id, in: connection)) else { return nil }
      return JourneyRow.journey(id: id, values: values)
    }
  }

  /// Reads every managed journey again from the file, when the log can no longer say what
  /// changed: each field without an unsaved edit takes the file's value (observers see it), and
  /// a journey that is gone is no longer managed.
  /// - Returns: The journeys that are gone, with unsaved edits.
  @discardableResult
  func reloadManagedJourneys() throws -> [Journey] {
    try identityMap.reload { try JourneyRow.values(of: $0, in: connection) }
  }

  /// Whether another connection may have committed since the last fetch looked: the managed
  /// journeys must catch up before a fetch filters them. Never before following starts.
  func needsCatchUpBeforeFetching() throws -> Bool {
    try log.needsCatchUpBeforeFetching(version: connection.pragma("data_version"))
  }

  /// The changes by others taken in since the last call, oldest first, handed to every
  /// `OutsideChanges` sequence in use too.
  func takeUnreported() -> [JourneyChange] {
    let changes = log.takeUnreported()
    guard !changes.isEmpty else { return changes }
    subscriptions.removeAll { $0.object == nil }
    for case let subscription? in subscriptions.map(\.object) {
      subscription.pending.append(changes)
    }
    return changes
  }

  /// A new subscription to the changes `takeUnreported()` hands over from now on.
  func subscribe() -> ChangeSubscription {
    let subscription = ChangeSubscription()
    subscriptions.append(Weak(subscription))
    return subscription
  }
}

extension CommitFollower {
  /// Takes in a batch the database committed on its own connection (its `Writer`), as any
  /// commit is taken in: the managed journeys get its values and the live lists whose result it
  /// changed are told, before the write returns; its changes are not reported as others'.
  ///
  /// A batch that carries its writes is applied as it carries them, and the log is not read.
  /// When the position was right before it, the position moves past it; otherwise others
  /// committed before it, and the next catch-up takes them in, in the order of the log, this
  /// batch again among them (an older change never lands on top of this one), as `refresh()`
  /// reports them: a write does not take in what others committed (a `save()` keeps the edits
  /// of a journey another process deleted, and names it). A batch that wrote too many journeys
  /// to carry them is read from the log (`catchUp()`), unless no journey is managed and the
  /// position was right before it: the live lists are then told as of a large change. What
  /// cannot be read now is read (and its error reported) by the next `refresh()`: the batch is
  /// committed whatever happens here.
  func takeOwn(_ batch: CommittedBatch) {
    log.noteOwn(batch.id)
    let isNext = log.position.map { $0.batch == batch.id - 1 } ?? false
    guard let writes = batch.writes else {
      if isNext && identityMap.isEmpty {
        liveLists.invalidateAll()
        log.pass(batch.id)
      } else {
        _ = try? catchUp()
      }
      return
    }
    var committed = CommittedJourneys()
    var discarded: [Journey] = []
    liveLists.takingCommits {
      apply(writes, reportingDiscarded: batch.reportsDiscardedEdits, into: &committed, &discarded)
    }
    identityMap.collectEdits()
    if isNext { log.pass(batch.id) }
    tell(committed)
    if !discarded.isEmpty { onEditsDiscarded?(discarded) }
  }

  /// Stops managing journeys the caller deleted, before their delete is taken in: their unsaved
  /// edits go with them, unreported (the caller asked), as a delete through the writer does.
  func forgetDeleted(_ ids: [UUID]) {
    for id in ids { identityMap.detach(id) }
  }

  /// Takes in batches long work committed for the database on another connection: its own from
  /// now on (no longer in flight); the next `catchUp()` applies them.
  func takeOwn(committedElsewhere batches: Set<Int64>) {
    for batch in batches { log.noteOwn(batch) }
    batchesInFlight.remove(batches)
  }

  /// Takes in a write-through write the queue saved in `batch`: the values written to `fields`
  /// (`values`, the journey's after the write) become their saved values, unless a catch-up met
  /// the batch in the log first and took them in already (maybe newer ones after them). The
  /// lists were told at the write, which they show already. When the position was right before
  /// the batch, it moves past it: the batch is not read again.
  func takeSaved(_ fields: JourneyFieldSet, of values: JourneyValues, id: UUID, batch: Int64) {
    log.noteOwn(batch)
    guard log.position.map({ $0.batch < batch }) ?? true else { return }
    identityMap.markSaved(fields, of: values, id: id)
    if log.position?.batch == batch - 1 { log.pass(batch) }
  }

  /// The batches the database committed that the follower has not passed yet: all of them, for
  /// a database that keeps them (`keepOwnBatchIDs()`).
  var ownBatchIDs: Set<Int64> { log.ownBatchIDs }

  /// Keeps every batch the database commits in `ownBatchIDs`, passed or not: a database that
  /// runs long work for another hands them back to it when the work is done.
  func keepOwnBatchIDs() {
    log.keepsOwnBatches = true
  }
}

extension CommitFollower {
  /// Blocks until another connection commits to the file, or `timeout` passes, sleeping in
  /// between on the schedule of `WakeSchedule` (`monitor` wakes it when the file is written), as
  /// `JourneyDatabase.waitForCommit(using:timeout:isCancelled:)` says.
  /// - Returns: Whether another connection committed since the last look.
  func waitForCommit(
    using monitor: DatabaseMonitor, timeout: Duration, isCancelled: () -> Bool
  ) throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    var schedule = WakeSchedule()
    while !isCancelled() {
      if try hasOutsideCommit() { return true }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return false }
      schedule.noteWake(monitor.wait(timeout: min(left, schedule.next)))
    }
    return false
  }

  /// Whether another connection committed since the last look: `PRAGMA data_version` changed.
  func hasOutsideCommit() throws -> Bool {
    log.hasOutsideCommit(version: try connection.pragma("data_version"))
  }
}
