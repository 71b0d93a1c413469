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
  ///   - previewing: For a dry run, how many of the journeys it would write to describe field
  ///     by field (`ImportSummary.changes`); none by default.
  ///   - progress: Called now and then with the number of journeys read so far.
  /// - Returns: How many journeys were (or would be) inserted, skipped, replaced and left out as
  ///   duplicates.
  /// - Throws: `InterchangeError` for malformed input or a conflict under `.fail` (naming the
  ///   line), or `SQLiteError`; the database is unchanged then.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  public func importJourneys(
    from reader: JourneyReader, onConflict: ConflictPolicy = .fail, duplicates: DuplicatePolicy = .skip,
    isDryRun: Bool = false, previewing: Int = 0, progress: ((Int) -> Void)? = nil
  ) throws -> ImportSummary {
    try checkOpen()
    if isDryRun, try wouldUpgradeForWriting() {
      return try inMemoryCopy().importJourneys(
        from: reader, onConflict: onConflict, duplicates: duplicates, isDryRun: true, previewing: previewing,
        progress: progress)
    }
    let summary = try importJourneys(
      from: reader, onConflict: onConflict, duplicates: duplicates, isDryRun: isDryRun,
      previewing: isDryRun ? previewing : 0,
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
    previewing: Int = 0, afterEach: (Int) throws -> Void
  ) throws -> ImportSummary {
    var summary = ImportSummary()
    do {
      // Each journey's id goes to a random place of the table's index by id (the other indexes
      // are built at the end, `IndexDeferral`): a cache larger than SQLite's default 2 MiB keeps
      // those pages rather than writing them out and reading them again. Every record reads
      // `now` and `tomorrow 9am` from one instant, however long the import takes.
      _ = try DateExpression.withNow {
        try writer.write(pageCacheKiB: Self.largeWritePageCacheKiB) { batch in
          try importJourneys(
            from: reader, into: batch, onConflict: onConflict, duplicates: duplicates, previewing: previewing,
            summary: &summary, afterEach: afterEach)
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
    previewing: Int, summary: inout ImportSummary, afterEach: (Int) throws -> Void
  ) throws {
    var deferral = try IndexDeferral(connection: connection)
    var existing = DuplicateJourneys(connection: connection)
    while let journey = try reader.next() {
      if journey.id == nil, journey.missingFields.isEmpty, duplicates == .skip, try existing.contains(journey.values) {
        summary.duplicates += 1
        try afterEach(summary.total)
        continue
      }
      let isPreviewed = summary.changes.count < previewing
      do {
        if !journey.missingFields.isEmpty {
          try update(journey, in: batch, isPreviewed: isPreviewed, summary: &summary)
        } else {
          try insert(journey, in: batch, onConflict: onConflict, existing: &existing, isPreviewed: isPreviewed,
            summary: &summary)
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

  /// Inserts a whole imported journey, or under `.replace` and `.update` writes it over the
  /// journey of its id.
  private func insert(
    _ journey: ImportedJourney, in batch: Batch, onConflict: ConflictPolicy, existing: inout DuplicateJourneys,
    isPreviewed: Bool, summary: inout ImportSummary
  ) throws {
    let id = journey.id ?? .random()
    do {
      try batch.insert(id: id, values: journey.values)
      summary.inserted += 1
      if isPreviewed { summary.changes.append(ImportedChange(id: id, from: nil, to: journey.values, changed: [])) }
      existing.note(journey.values, rowID: connection.lastInsertedRowID)
    } catch JourneyDatabaseError.duplicateID {
      switch onConflict {
      case .fail:
        throw InterchangeError.malformed(
          line: journey.line,
          reason: "a journey with the id \(id.lowercasedText) already exists; "
            + "use --on-conflict skip, replace or update")
      case .skip:
        summary.skipped += 1
      case .replace, .update:
        try update(journey, in: batch, isPreviewed: isPreviewed, summary: &summary)
      }
    }
  }

  /// Writes the fields an imported journey gives over the journey of its id in the database
  /// (`.replace`, `.update`): all of them, or the ones a partial record has.
  /// - Throws: `InterchangeError.malformed` for a partial record whose journey is not there.
  private func update(
    _ journey: ImportedJourney, in batch: Batch, isPreviewed: Bool, summary: inout ImportSummary
  ) throws {
    let missing = journey.missingFields
    guard let id = journey.id, let old = try JourneyRow.values(of: id, in: connection) else {
      // A new journey may leave out its name, as ever.
      if missing == [.name] {
        let named = JourneyValues(JourneyField.all.map { $0 == .name ? .text("") : journey.values[$0] })
        let id = journey.id ?? .random()
        try batch.insert(id: id, values: named)
        summary.inserted += 1
        if isPreviewed { summary.changes.append(ImportedChange(id: id, from: nil, to: named, changed: [])) }
        return
      }
      let names = JourneyField.all.filter { missing.contains($0) && $0 != .name }.map { "'\($0.name)'" }
      let what = journey.id.map { "no journey has the id \($0.lowercasedText)" } ?? "the journey has no id"
      throw InterchangeError.malformed(
        line: journey.line,
        reason: "\(what) to update, and a new journey needs \(names.joined(separator: ", ")) too")
    }
    let given = JourneyFieldSet(JourneyField.all.filter { !missing.contains($0) })
    let new = old.replacing(given, with: journey.values)
    let changed = try batch.update(id: id, from: old, to: new)
    guard !changed.isEmpty else {
      summary.unchanged += 1
      return
    }
    summary.replaced += 1
    if isPreviewed { summary.changes.append(ImportedChange(id: id, from: old, to: new, changed: changed)) }
  }
}
