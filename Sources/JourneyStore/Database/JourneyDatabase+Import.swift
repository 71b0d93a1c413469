#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Imports every journey a reader reads, all or nothing: one immediate transaction, recorded as
  /// one batch of the change log (inserts without their values; replacements as updates).
  ///
  /// Journeys are read, checked and inserted one at a time, and are not managed. A journey
  /// without an id gets a new one, unless it is a duplicate to skip: then the hashes of the
  /// journeys in the table are held (`DuplicateJourneys`); memory stays flat otherwise, however
  /// large the input.
  /// - Parameters:
  ///   - reader: The input.
  ///   - onConflict: What to do with a journey whose id is already taken.
  ///   - duplicates: What to do with a journey without an id identical to one in the database
  ///     (or read before it).
  ///   - isDryRun: Reads and checks everything, and counts as an import would, in a transaction
  ///     that is rolled back: nothing is written. On a file that its first write would upgrade
  ///     (an older schema, a backup in rollback-journal mode), on a copy in memory, upgraded
  ///     there: the file keeps every byte.
  ///   - progress: Called now and then with the number of journeys read so far.
  /// - Returns: How many journeys were (or would be) inserted, skipped, replaced and left out as
  ///   duplicates.
  /// - Throws: `InterchangeError` for malformed input or a conflict under `.fail` (naming the
  ///   line), or `SQLiteError`; the database is unchanged then.
  public func importJourneys(
    from reader: JourneyReader, onConflict: ConflictPolicy = .fail, duplicates: DuplicatePolicy = .skip,
    isDryRun: Bool = false, progress: ((Int) -> Void)? = nil
  ) throws -> ImportSummary {
    if isDryRun, try wouldUpgradeForWriting() {
      return try inMemoryCopy().importJourneys(
        from: reader, onConflict: onConflict, duplicates: duplicates, isDryRun: true,
        progress: progress)
    }
    let summary = try importJourneys(
      from: reader, onConflict: onConflict, duplicates: duplicates, isDryRun: isDryRun,
      afterEach: { read in
        if read % IndexDeferral.threshold == 0 { progress?(read) }
      })
    progress?(summary.total)
    return summary
  }

  /// Imports as `importJourneys(from:onConflict:duplicates:isDryRun:progress:)` does, calling
  /// `afterEach` with the number of journeys read so far after each one: what it throws (a
  /// cancelled task's `CancellationError`) stops the import, and nothing of it stays.
  func importJourneys(
    from reader: JourneyReader, onConflict: ConflictPolicy, duplicates: DuplicatePolicy, isDryRun: Bool,
    afterEach: (Int) throws -> Void
  ) throws -> ImportSummary {
    var summary = ImportSummary()
    do {
      // Each journey's id goes to a random place of the table's index by id (the other indexes
      // are built at the end, `IndexDeferral`): a cache larger than SQLite's default 2 MiB keeps
      // those pages rather than writing them out and reading them again. Every record reads
      // `now` and `tomorrow 9am` from one instant, however long the import takes.
      try DateExpression.withNow {
        try writer.write(pageCacheKiB: Self.largeWritePageCacheKiB) { batch in
          try importJourneys(
            from: reader, into: batch, onConflict: onConflict, duplicates: duplicates, summary: &summary,
            afterEach: afterEach)
          if isDryRun { throw DryRunEnded() }
        }
      }
    } catch is DryRunEnded {
      return summary
    }
    return summary
  }

  /// What rolls a dry run's transaction back.
  private struct DryRunEnded: Error {}

  /// A copy of the database in memory, for a dry run that must not touch the file: its pages,
  /// read in one read transaction (SQLite's backup API), under the same path and origin, with
  /// none of the configuration's callbacks (the upgrade the copy's first write makes is not the
  /// file's, and says nothing).
  private func inMemoryCopy() throws -> JourneyDatabase {
    let copy = try Connection(path: path, busyTimeout: configuration.busyTimeout, inMemory: true)
    // The backup API copies into memory only between pages of one size.
    try copy.execute("PRAGMA page_size = \(try connection.pragma("page_size"))")
    try copy.copyPages(from: connection)
    try NameSearch.define(on: copy)
    let settings = Configuration(
      busyTimeout: configuration.busyTimeout, origin: configuration.origin, createsFile: false,
      isInMemory: true)
    return JourneyDatabase(path: path, configuration: settings, connection: copy)
  }

  /// The import's work inside its transaction.
  private func importJourneys(
    from reader: JourneyReader, into batch: Batch, onConflict: ConflictPolicy, duplicates: DuplicatePolicy,
    summary: inout ImportSummary, afterEach: (Int) throws -> Void
  ) throws {
    var deferral = try IndexDeferral(connection: connection)
    var existing = DuplicateJourneys(connection: connection)
    while let journey = try reader.next() {
      if journey.id == nil, duplicates == .skip, try existing.contains(journey.values) {
        summary.duplicates += 1
        try afterEach(summary.total)
        continue
      }
      let id = journey.id ?? .random()
      do {
        try batch.insert(id: id, values: journey.values)
        summary.inserted += 1
        existing.note(journey.values, rowID: connection.lastInsertedRowID)
      } catch JourneyDatabaseError.duplicateID {
        switch onConflict {
        case .fail:
          throw InterchangeError.malformed(
            line: journey.line,
            reason: "a journey with the id \(id.lowercasedText) already exists; "
              + "use --on-conflict skip or --on-conflict replace")
        case .skip:
          summary.skipped += 1
        case .replace:
          if try !batch.replace(id: id, values: journey.values).isEmpty {
            summary.replaced += 1
          } else {
            summary.unchanged += 1
          }
        }
      } catch let error as SQLiteError where error.kind == .constraint {
        throw InterchangeError.malformed(line: journey.line, reason: error.refusedValueDescription)
      }
      try deferral.noteInserted(summary.inserted)
      try afterEach(summary.total)
    }
    try batch.writeHeldLogRows()
    try deferral.rebuild()
  }
}
