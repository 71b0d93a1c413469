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
/// managed journey it concerns (`apply(_:)`), marks the live lists stale, and hands the changes
/// by others to every `OutsideChanges` sequence in use (`ChangeSubscription`). The front
/// (`JourneyDatabase`) holds one, tells it of each batch it commits (`noteOwn(_:)`,
/// `takeSaved(_:of:id:batch:)`, `takeOwn(committedElsewhere:)`) and has it catch up
/// (`catchUp()`); it knows no front: it is given the connection, the identity map, the live
/// lists and the batches the database's other connections have in flight.
final class CommitFollower {
  let connection: Connection
  /// The managed journeys the changes go to.
  let identityMap: IdentityMap
  /// The live lists marked stale when something committed may have changed them.
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
  /// of a newer own one), and marks the live lists stale when there was any; the others' wait
  /// for `takeUnreported()`. The write-through outcomes waiting are taken before (by the front).
  ///
  /// Journeys deleted with unsaved edits go to `onEditsDiscarded`, once all is applied.
  func catchUp() throws {
    guard let position = log.position else { return }
    var discarded: [Journey] = []
    defer { if !discarded.isEmpty { onEditsDiscarded?(discarded) } }
    // `history prune` in another process may have dropped batches this one had not read: the
    // managed journeys are then read again from the file.
    if let horizon = try changeLog.horizon(), horizon.batch > position.batch + 1 {
      discarded = try reloadManagedJourneys()
      log.skip(to: try changeLog.end())
      liveLists.invalidateAll()
      return
    }
    // A batch of the write-through queue or of long work whose outcome was not taken yet is this
    // database's too.
    let applied = try log.follow(changeLog, isOwn: batchesInFlight.contains) { change in
      if let journey = try apply(change) { discarded.append(journey) }
    }
    if applied { liveLists.invalidateAll() }
    identityMap.collectEdits()
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
  /// Notes a batch the database committed on its own connection: its changes are not reported
  /// as others', and the live lists are stale.
  func noteOwn(_ batch: Int64) {
    log.noteOwn(batch)
    liveLists.invalidateAll()
  }

  /// Takes in batches long work committed for the database on another connection: its own from
  /// now on (no longer in flight), and the live lists are stale.
  func takeOwn(committedElsewhere batches: Set<Int64>) {
    for batch in batches { log.noteOwn(batch) }
    batchesInFlight.remove(batches)
    liveLists.invalidateAll()
  }

  /// Takes in a write-through write the queue saved in `batch`: the values written to `fields`
  /// (`values`, the journey's after the write) become their saved values, unless a catch-up met
  /// the batch in the log first and took them in already (maybe newer ones after them).
  func takeSaved(_ fields: JourneyFieldSet, of values: JourneyValues, id: UUID, batch: Int64) {
    log.noteOwn(batch)
    if log.position.map({ $0.batch < batch }) ?? true {
      identityMap.markSaved(fields, of: values, id: id)
    }
    liveLists.invalidateAll()
  }

  /// The batches the database committed that the follower has not passed yet: all of them, for
  /// a database that does not follow the log (one that runs long work for another).
  var ownBatchIDs: Set<Int64> { log.ownBatchIDs }
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
