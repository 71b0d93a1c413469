#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Takes in what was committed to the file since the managed journeys were read, by other
  /// processes or other connections: each change in the log is applied to the managed journey it
  /// concerns, so that its observers see the new values, and a deleted journey is no longer
  /// managed. A field with an unsaved edit keeps the edit (`save()` then writes it over). A
  /// journey deleted with unsaved edits loses them: `onEditsDiscarded` is told.
  ///
  /// Call it when `waitForCommit(using:timeout:)` returns `true`, or use `outsideChanges()`.
  /// - Returns: The changes read from the log, oldest first: every change committed by others
  ///   since the first journey was managed or `refresh()` last returned.
  /// - Throws: `SQLiteError` when the log cannot be read.
  @discardableResult
  public func refresh() throws -> [JourneyChange] {
    guard follower.position != nil else {
      try markChangeLogPosition()
      return []
    }
    try catchUp()
    let changes = follower.takeUnreported()
    if !changes.isEmpty { deliver(changes) }
    return changes
  }

  /// Hands changes taken in to every `OutsideChanges` sequence in use.
  private func deliver(_ changes: [JourneyChange]) {
    subscriptions.removeAll { $0.object == nil }
    for case let subscription? in subscriptions.map(\.object) {
      subscription.pending.append(changes)
    }
  }

  /// Remembers where the change log ends, once: call it before reading the first journey to
  /// manage, so that `refresh()` later applies everything committed after that read. A file of
  /// an older schema has no log to follow until it is upgraded (`upgradeSchema()` then reads the
  /// managed journeys again).
  func markChangeLogPosition() throws {
    guard follower.position == nil, try hasCurrentSchema() else { return }
    try verifySchema()
    try follower.start(at: try endOfLog(), dataVersion: try connection.pragma("data_version"))
  }

  /// Applies every change committed since the position to the managed journeys, in the order of
  /// the log, this store's own included (so that an older outside change never lands on top of
  /// a newer own one); the others' wait in the follower for `refresh()` to return them.
  ///
  /// Journeys deleted with unsaved edits go to `onEditsDiscarded`, once all is applied.
  func catchUp() throws {
    guard let position = follower.position else { return }
    takeWriteThroughOutcomes()
    var discarded: [Journey] = []
    defer { if !discarded.isEmpty { onEditsDiscarded?(discarded) } }
    // `history prune` in another process may have dropped batches this one had not read: the
    // managed journeys are then read again from the file.
    if let horizon = try changeLog.horizon(), horizon.batch > position.batch + 1 {
      discarded = try reloadManagedJourneys()
      follower.skip(to: try endOfLog())
      liveLists.invalidateAll()
      return
    }
    // A batch of the write-through queue or of long work whose outcome was not taken yet is this
    // database's too.
    let applied = try follower.follow(changeLog, isOwn: batchesInFlight.contains) { change in
      if let journey = try apply(change) { discarded.append(journey) }
    }
    if applied { liveLists.invalidateAll() }
    identityMap.collectEdits()
  }

  /// Applies one change of the log to the managed journey it concerns: a new value to a field
  /// without an unsaved edit; a deleted journey set aside, to be managed again (the same object)
  /// if an undo brings it back.
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
}

extension JourneyDatabase {
  /// Reads every managed journey again from the file, when the log can no longer say what
  /// changed: each field without an unsaved edit takes the file's value (observers see it), and
  /// a journey that is gone is no longer managed.
  /// - Returns: The journeys that are gone, with unsaved edits.
  @discardableResult
  func reloadManagedJourneys() throws -> [Journey] {
    try identityMap.reload { try JourneyRow.values(of: $0, in: connection) }
  }

  /// Brings the managed journeys up to the file before a fetch, when another connection has
  /// committed since the last look: a fetch's filter and order then agree with the objects it
  /// returns. The changes wait for `refresh()` to report them.
  func catchUpBeforeFetching() throws {
    guard follower.needsCatchUpBeforeFetching(version: try connection.pragma("data_version")) else { return }
    try catchUp()
  }
}
