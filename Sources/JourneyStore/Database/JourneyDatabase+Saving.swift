#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Whether a managed journey has edits that are not saved.
  ///
  /// Costs time in proportion to the journeys edited, not to those managed. A field whose
  /// write-through write is on its way does not count: it is being saved.
  public var hasChanges: Bool {
    takeWriteThroughOutcomes()
    return identityMap.hasUnsavedEdits { pendingWrites.isInFlight(id: $0, field: $1) }
  }

  /// Writes the edited fields of the managed journeys, and nothing else, in one immediate
  /// transaction recorded as one batch of the change log.
  ///
  /// When it fails, the file is unchanged and the edits stay, unsaved (as SwiftData keeps them):
  /// save again once the cause is gone (a lock released), or `rollback()` to discard them. A
  /// journey another process deleted fails only its own save: the edits of the others are saved,
  /// its own stay unsaved, and the error names it.
  ///
  /// It blocks its caller for at most `Configuration.busyTimeout` in all, the write-through
  /// writes still in flight (which it waits for first, to save after them) included; past it, it
  /// fails as busy.
  /// An edit no journey may hold (a negative duration, a start in the year 10000) is refused
  /// before any SQL runs, with `JourneyValidationError`: nothing is saved, and the edits stay,
  /// visible on the journeys and in the live lists that match them, for the caller to correct
  /// (then save again) or `rollback()`.
  /// - Throws: `JourneyValidationError` naming the field, its value and the rule;
  ///   `JourneyDatabaseError.deletedElsewhere` naming the journeys another process
  ///   deleted (the others' edits are saved), or `SQLiteError` (a lock held past
  ///   the busy timeout, a full disk, a read-only file): nothing is saved then.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func save() throws {
    try checkOpen()
    try save(only: nil)
  }

  /// Discards unsaved edits: the managed journeys return to their last saved values, and their
  /// observers see it.
  public func rollback() {
    guard !isClosed else { return }
    identityMap.rollback()
    liveLists.invalidateAll()
  }

  /// Saves the edits of some managed journeys, or of all when `ids` is `nil`; of some of their
  /// fields, or of all.
  ///
  /// When it fails, nothing is written and the edits stay, unsaved: a retry after a lock timeout
  /// can save them, and `rollback()` discards them.
  func save(only ids: Set<UUID>?, fields: JourneyFieldSet = .all) throws {
    let started = ContinuousClock.now
    guard waitForPendingWrites(within: configuration.busyTimeout) else {
      throw SQLiteError(
        extendedResultCode: SQLiteError.ResultCode.busy.rawValue,
        message: "write-through writes were still waiting for another process's lock")
    }
    let pending = identityMap.unsavedEdits(of: ids, fields: fields)
    try checkRules(of: pending)
    let left = configuration.busyTimeout - started.duration(to: .now)
    // What is saved becomes the journeys' saved values as the follower takes the batch in.
    let deleted = try connection.withBusyTimeout(max(left, .zero), usual: configuration.busyTimeout) {
      try write(pending)
    }
    guard deleted.isEmpty else { throw JourneyDatabaseError.deletedElsewhere(deleted) }
  }

  /// Refuses edits no journey may hold before any SQL runs (no lock is waited for), with
  /// `JourneyValidationError`: the edits are kept for the caller to correct.
  func checkRules(of pending: [IdentityMap.UnsavedEdit]) throws {
    for journey in pending {
      try journey.saved.replacing(journey.fields, with: journey.current)
        .checkRules(id: journey.id, writing: journey.fields)
    }
  }

  /// Writes unsaved edits in one batch: each journey's edited `fields`, to their `current`
  /// values, over what the file holds now.
  /// - Returns: The journeys another process deleted, whose edits were not written.
  func write(_ pending: [IdentityMap.UnsavedEdit]) throws -> [UUID] {
    var deleted: [UUID] = []
    try writer.write { batch in
      for journey in pending {
        // The log records the value the file held, which another process may have changed
        // since this one read it: an undo then puts back what was really there.
        guard let stored = try JourneyRow.values(of: journey.id, in: connection) else {
          deleted.append(journey.id)
          continue
        }
        let old = journey.current.replacing(journey.fields, with: stored)
        // Another process may have changed the field the end rule reads with this one.
        try stored.replacing(journey.fields, with: journey.current)
          .checkRules(id: journey.id, writing: journey.fields)
        try batch.update(id: journey.id, from: old, to: journey.current)
      }
    }
    return deleted
  }
}
