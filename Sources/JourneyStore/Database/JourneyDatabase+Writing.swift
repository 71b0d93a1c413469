#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Inserts a journey and manages it from now on.
  /// - Returns: The journey itself, now managed.
  /// - Throws: `JourneyValidationError` for a value no journey may hold (a negative duration),
  ///   before any SQL runs; `JourneyDatabaseError.duplicateID`; nothing is inserted then.
  @discardableResult
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func add(_ journey: Journey) throws -> Journey {
    try checkOpen()
    try add(contentsOf: [journey])
    return journey
  }

  /// Inserts journeys in one transaction, recorded as one batch, and manages them from now on.
  /// All are inserted or, when one fails, none.
  /// - Parameter beforeCommit: Runs after the inserts, before the commit, such as to report
  ///   them: when it throws, nothing is inserted.
  /// - Throws: `JourneyValidationError` for the first value no journey may hold, before any SQL
  ///   runs, or what `add(_:)` throws.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func add(contentsOf journeys: some Sequence<Journey>, beforeCommit: () throws -> Void = {}) throws {
    try checkOpen()
    let journeys = Array(journeys)
    for journey in journeys { try journey.validate() }
    var added: [Journey] = []
    try markChangeLogPosition()
    do {
      try writer.write { batch in
        for journey in journeys {
          try batch.insert(id: journey.id, values: JourneyValues(readingUntracked: journey))
          added.append(journey)
        }
        // The objects wait for their inserts, which the follower takes in as it takes in any
        // commit: it manages them with the values inserted.
        identityMap.reserveCapacity(forInserting: added.count)
        identityMap.awaitInsert(of: added)
        try beforeCommit()
      }
    } catch {
      identityMap.stopAwaitingInsert(of: added)
      throw error
    }
  }

  /// Deletes a journey. The object is no longer managed (until an undo brings the journey back).
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when it is not in the database.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func delete(_ journey: Journey) throws {
    try checkOpen()
    try delete(ids: [journey.id])
  }

  /// Deletes journeys in one transaction, recorded as one batch: all of them or, when one is
  /// missing, none.
  /// - Parameter beforeCommit: Given the journeys as they were, after the deletes and before
  ///   the commit, such as to report them: when it throws, nothing is deleted. Each journey is
  ///   read only when it is given.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func delete(ids: some Sequence<UUID>, beforeCommit: (([Journey]) throws -> Void)? = nil) throws {
    try checkOpen()
    try writer.write(reportsDiscardedEdits: false) { batch in
      var journeys: [Journey] = []
      for id in ids {
        if beforeCommit != nil, let values = try JourneyRow.values(of: id, in: connection) {
          journeys.append(JourneyRow.journey(id: id, values: values))
        }
        try batch.delete(id: id)
      }
      try beforeCommit?(journeys)
    }
  }

  /// Edits a journey safely across processes: in one immediate (write-locked) transaction, reads
  /// it fresh, hands it to `body` to change (directly or through `Bindable`), writes only the
  /// fields that changed, and commits. Another process's change to another field is kept.
  ///
  /// A managed instance of the journey is then refreshed with the committed values, keeping its
  /// own unsaved edits.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, what `body` throws, or `SQLiteError`;
  ///   nothing is written then.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func edit(_ id: UUID, _ body: (Journey) throws -> Void) throws {
    try checkOpen()
    try edit(ids: [id], body)
  }

  /// Edits journeys as `edit(_:_:)` does, all in one transaction recorded as one batch.
  /// - Parameters:
  ///   - reading: The fields `body` reads to make its change (a shift of the start reads the
  ///     start; the next type reads the type). A journey stores a value of one of them that the
  ///     model cannot hold (another program wrote it) is refused, rather than edited from the
  ///     default the model reads in its place.
  ///   - beforeCommit: Runs after the writes, before the commit, such as to report them: when it
  ///     throws, nothing is written.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, `.unreadableValue`,
  ///   `JourneyValidationError` for a value `body` set that no journey may hold, what `body` or
  ///   `beforeCommit` throws, or `SQLiteError`; nothing is written then.
  @available(*, noasync, message: "Use the async form, which waits for the lock off the caller's actor")
  public func edit(
    ids: some Sequence<UUID>, reading: Set<JourneyField> = [], _ body: (Journey) throws -> Void,
    beforeCommit: () throws -> Void = {}
  ) throws {
    try checkOpen()
    // Each journey is read and written at a random place of the file: a large batch keeps the
    // pages it has read in a larger cache than SQLite's default 2 MiB, for this edit only.
    try writer.write(pageCacheKiB: Self.pageCacheKiB(forEditing: ids.underestimatedCount)) { batch in
      for id in ids {
        guard let old = try JourneyRow.values(of: id, in: connection) else {
          throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
        }
        try JourneyRow.checkReadable(id: id.lowercasedText, values: old, fields: reading)
        let journey = JourneyRow.journey(id: id, values: old)
        let read = JourneyValues(readingUntracked: journey)
        try body(journey)
        // Only what the body changed is written: a stored value the model cannot hold (a type
        // another program wrote) reads as a default, and must not be written back as one.
        let edited = JourneyValues(readingUntracked: journey)
        let changed = edited.changedFields(from: read)
        let new = old.replacing(changed, with: edited)
        try new.checkRules(id: id, writing: changed)
        try batch.update(id: id, from: old, to: new)
      }
      try beforeCommit()
    }
  }

  /// Inserts journeys given by their values in one batch, checking `work` for cancellation
  /// between them: the worker's side of the async `add(contentsOf:isolation:)`.
  func insert(_ journeys: [(id: UUID, values: JourneyValues)], work: LongWork) throws {
    try writer.write(pageCacheKiB: Self.pageCacheKiB(forEditing: journeys.count)) { batch in
      for (index, journey) in journeys.enumerated() {
        try work.checkCancellation()
        try batch.insert(id: journey.id, values: journey.values)
        work.report(completed: index + 1, total: journeys.count)
      }
    }
  }

  /// The page cache for an edit of `count` journeys: 4 KiB a journey, up to 64 MiB. Each edit
  /// dirties a page of the journey table and of up to three indexes (the type's, and the log's by
  /// journey and by batch) at random places: with less, dirty pages spill to the WAL before the
  /// commit and are read again (20,000 edits: 44,000 reads with 1 KiB a journey, 28,000 with 4).
  static func pageCacheKiB(forEditing count: Int) -> Int {
    min(4 * count, largeWritePageCacheKiB)
  }

  /// The page cache of a large write (an edit of many journeys, an import, an undo), in KiB:
  /// 64 MiB. SQLite fills it only as it reads pages, so a small write costs nothing more.
  static let largeWritePageCacheKiB = 65_536

  /// The writer of this database's batches (`Writer`): every write goes through it, and its
  /// committed batch reaches the managed journeys and live lists through the `CommitFollower`,
  /// as another process's commit does.
  var writer: Writer {
    Writer(
      connection: connection, origin: configuration.origin, worksFor: worksFor,
      prepare: { [self] in
        waitForPendingWrites()
        try prepareForWriting()
      },
      verify: verifySchema, didCommit: { [follower] in follower.takeOwn($0) })
  }
}
