extension JourneyDatabase {
  /// Imports as `importJourneys(from:onConflict:duplicates:isDryRun:progress:)` does, off the
  /// caller's actor, on a connection of its own: the caller's actor stays free meanwhile (a UI
  /// keeps drawing), and when the import commits, this database's managed journeys and live lists
  /// show it there, before the call returns, without `refresh()`.
  ///
  /// ```swift
  /// let reader = JourneyReader(descriptor: file, format: .ndjson)
  /// let summary = try await database.importJourneys(from: reader) { progress in
  ///   Task { @MainActor in model.imported = progress.completed }
  /// }
  /// ```
  ///
  /// Cancelling the task stops the import between two journeys (or within the statement it is
  /// running) and rolls it back: the call throws `CancellationError` and nothing is imported.
  /// - Parameters:
  ///   - reader: The input, handed over to the import (it is read on the import's thread).
  ///   - onConflict: What to do with a journey whose id is already taken.
  ///   - duplicates: What to do with a journey without an id identical to one in the database.
  ///   - isDryRun: Reads and checks everything and counts, writing nothing.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - progress: Called on the import's thread with the journeys read so far (`total` is
  ///     `nil`: the input is read as it comes), at most every 50 ms and once at the end.
  /// - Returns: How many journeys were (or would be) inserted, skipped, replaced and left out.
  /// - Throws: `CancellationError` when the task was cancelled, `InterchangeError` for malformed
  ///   input, or `SQLiteError`; the database is unchanged then.
  @discardableResult
  public func importJourneys(
    from reader: sending JourneyReader, onConflict: ConflictPolicy = .fail,
    duplicates: DuplicatePolicy = .skip, isDryRun: Bool = false, isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws -> ImportSummary {
    try checkOpen()
    return try await runLongWork(progress: progress, isolation: isolation) { worker, work in
      let summary = try worker.importJourneys(
        from: reader, onConflict: onConflict, duplicates: duplicates, isDryRun: isDryRun,
        afterEach: { read in
          try work.checkCancellation()
          work.report(completed: read)
        })
      work.report(completed: summary.total, isFinal: true)
      return summary
    }
  }

  /// Writes the journeys a query selects in an interchange format, as `write(_:to:onUnreadable:)`
  /// does, off the caller's actor, on a connection of its own, from one snapshot of the file.
  ///
  /// Cancelling the task stops the writing between two journeys and throws `CancellationError`:
  /// `output` has then received part of the document only.
  /// - Parameters:
  ///   - query: What to select, in which order: by default every journey in the order stored,
  ///     the cheapest to read.
  ///   - format: The format to write.
  ///   - keys: The keys to write, in order (all of `JourneyRecord.keys` by default).
  ///   - includesHeader: Whether CSV and TSV start with a header row.
  ///   - onUnreadable: Called, on the export's thread, for each row roadtrip cannot read as it is,
  ///     which is left out; by default it rethrows, and the export stops.
  ///   - output: Receives the text, in order, in pieces of about 64 KiB, on the export's thread;
  ///     what it throws stops the export and is rethrown.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - progress: Called on the export's thread with the journeys written of those the query
  ///     selects, at most every 50 ms and once at the end.
  /// - Returns: The number of journeys written.
  /// - Throws: `CancellationError`, what `output` or `onUnreadable` throws, or `SQLiteError`.
  @discardableResult
  public func exportJourneys(
    _ query: JourneyQuery = JourneyQuery(sortedBy: []), format: InterchangeFormat,
    keys: [String] = JourneyRecord.keys, includesHeader: Bool = true,
    onUnreadable: @escaping @Sendable (JourneyDatabaseError) throws -> Void = { throw $0 },
    to output: @escaping @Sendable (String) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws -> Int {
    try checkOpen()
    return try await runLongWork(progress: progress, isolation: isolation) { worker, work in
      try worker.connection.transaction(.deferred) {
        let selected = max(0, try worker.count(query) - query.offset)
        let total = query.limit.map { min(max(0, $0), selected) } ?? selected
        var writer = JourneyWriter(
          format: format, keys: keys, includesHeader: includesHeader, output: output)
        try worker.write(query, to: &writer, onUnreadable: onUnreadable) { written in
          try work.checkCancellation()
          work.report(completed: written, total: total)
        }
        try writer.finish()
        work.report(completed: writer.journeyCount, total: total, isFinal: true)
        return writer.journeyCount
      }
    }
  }

  /// Undoes the most recent command as `undo(scope:force:confirming:)` does (by default this
  /// database's own, `UndoScope.ownChanges`), off the caller's actor, on a
  /// connection of its own: the undo of an import of a million journeys leaves the caller's actor
  /// free. When it commits, this database's managed journeys and live lists show it there, before
  /// the call returns.
  ///
  /// Cancelling the task stops the undo within the statement it is running and rolls it back:
  /// the call throws `CancellationError` and nothing is undone.
  /// - Parameters:
  ///   - scope: Whose changes it takes back: this database's (by default) or the file's.
  ///   - force: Overwrites newer changes, as `undo(scope:force:confirming:)` says.
  ///   - isolation: The actor that owns this database: the caller's, by default.
  ///   - progress: Called once, at the end, with the journeys the undo changed (an undo is a few
  ///     set-based statements: it has no rows to count on the way).
  /// - Returns: What was undone, or `nil` when there is nothing to undo.
  /// - Throws: As `undo(scope:force:confirming:)`, or `CancellationError`.
  @discardableResult
  public func undo(
    scope: UndoScope = .ownChanges, force: Bool = false, isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws -> RevertSummary? {
    try checkOpen()
    return try await revertLatest(.undo, scope: scope, force: force, isolation: isolation, progress: progress)
  }

  /// Redoes the most recent undo as `redo(scope:force:confirming:)` does (by default this
  /// database's own), off the caller's actor, as `undo(scope:force:isolation:progress:)` undoes.
  /// - Returns: What was redone, or `nil` when there is nothing to redo.
  /// - Throws: As `redo(scope:force:confirming:)`, or `CancellationError`.
  @discardableResult
  public func redo(
    scope: UndoScope = .ownChanges, force: Bool = false, isolation: isolated (any Actor)? = #isolation,
    progress: (@Sendable (WorkProgress) -> Void)? = nil
  ) async throws -> RevertSummary? {
    try checkOpen()
    return try await revertLatest(.redo, scope: scope, force: force, isolation: isolation, progress: progress)
  }

  private func revertLatest(
    _ kind: JourneyChange.BatchKind, scope: UndoScope, force: Bool, isolation: isolated (any Actor)?,
    progress: (@Sendable (WorkProgress) -> Void)?
  ) async throws -> RevertSummary? {
    // The worker has this database's configuration, and so its origin.
    try await runLongWork(progress: progress, isolation: isolation) { worker, work in
      let summary = kind == .undo
        ? try worker.undo(scope: scope, force: force) : try worker.redo(scope: scope, force: force)
      let changed = summary.map { $0.inserted + $0.updated + $0.deleted } ?? 0
      work.report(completed: changed, total: changed, isFinal: true)
      return summary
    }
  }

  /// Compacts the file as `vacuum()` does, off the caller's actor, on a connection of its own.
  ///
  /// Cancelling the task stops SQLite's `VACUUM` within microseconds: the file is left as it
  /// was, and the call throws `CancellationError`. SQLite says nothing of a `VACUUM`'s progress, so
  /// there is none to report.
  /// - Parameter isolation: The actor that owns this database: the caller's, by default.
  /// - Returns: The size of the file before and after, in bytes.
  /// - Throws: As `vacuum()`, or `CancellationError`.
  @discardableResult
  public func vacuum(
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> (before: Int64, after: Int64) {
    try checkOpen()
    return try await runLongWork(progress: nil, isolation: isolation) { worker, _ in try worker.vacuum() }
  }
}
