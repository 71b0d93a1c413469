#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Reverts this database's most recent command's changes as one unit (an import of a million
  /// journeys is one unit), in one transaction recorded in the log as an undo batch.
  ///
  /// By default it takes back this database's own changes, as an app's Undo menu does: the
  /// newest batch recorded with its configuration's origin that is still in effect, whatever
  /// other programs committed since (`UndoScope.ownChanges`). With `.wholeFile` it reverts the
  /// newest batch of the file, whoever wrote it, as the command line's `undo` does: every
  /// writer's changes are in the log (its triggers record what other programs commit, one batch
  /// per statement), so that batch may be another program's.
  ///
  /// It works by value and refuses, changing nothing, to overwrite what the log does not account
  /// for or what came after: a field that no longer holds what the batch wrote (another
  /// program's later edit of it), a journey it inserted that is gone, one it deleted that
  /// exists again. With `force` it overwrites them, and skips journeys that are gone. Past the
  /// first batch `history prune` kept, it refuses with `JourneyDatabaseError.historyPruned`.
  /// - Parameters:
  ///   - scope: Whose changes it takes back: this database's (by default) or the file's.
  ///   - force: Overwrites newer changes.
  ///   - confirm: Told what the undo is about to revert before anything is written, holding no
  ///     lock (it may ask someone); what it throws stops the undo, nothing changed. If another
  ///     process committed a batch meanwhile that the undo would now revert, it is told again of
  ///     the new one.
  /// - Returns: What was undone, or `nil` when there is nothing to undo.
  /// - Throws: `JourneyDatabaseError.revertConflict` listing the newer changes, or `SQLiteError`;
  ///   nothing is changed then.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  @discardableResult
  public func undo(
    scope: UndoScope = .ownChanges, force: Bool = false,
    confirming confirm: ((RevertPreview) throws -> Void)? = nil
  ) throws -> RevertSummary? {
    try checkOpen()
    return try revertLatest(.undo, origin: scope.origin(ownOrigin: configuration.origin), force: force, confirm: confirm)
  }

  /// Reapplies the changes of the most recent undo, as `undo(scope:force:confirming:)` reverts
  /// them: by default the newest undo of this database, available until it makes new changes
  /// (`UndoScope.ownChanges`); with `.wholeFile`, the newest undo of the file, available until
  /// any command makes new changes.
  /// - Returns: What was redone, or `nil` when there is nothing to redo.
  /// - Throws: As `undo(scope:force:confirming:)`.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  @discardableResult
  public func redo(
    scope: UndoScope = .ownChanges, force: Bool = false,
    confirming confirm: ((RevertPreview) throws -> Void)? = nil
  ) throws -> RevertSummary? {
    try checkOpen()
    return try revertLatest(.redo, origin: scope.origin(ownOrigin: configuration.origin), force: force, confirm: confirm)
  }

  /// Reverts the newest batch `kind` applies to, of `origin` (`nil`: of any).
  private func revertLatest(
    _ kind: JourneyChange.BatchKind, origin: String?, force: Bool, confirm: ((RevertPreview) throws -> Void)?
  ) throws -> RevertSummary? {
    let writer = writer
    try writer.prepare()
    try markChangeLogPosition()
    var summary: RevertSummary?
    while true {
      // Asked outside the write, which must not wait on anyone; the write then checks that the
      // batch to revert is still the one confirmed.
      let confirmed = try confirm.flatMap { confirm in
        try RevertPreview.latest(for: kind, in: changeLog, origin: origin).map { preview in
          try confirm(preview)
          return preview.batch
        }
      }
      // A large batch is reverted at random places of the file (its journeys by id, the log by
      // batch): with SQLite's default 2 MiB of cache, undoing a 200k import read and wrote pages
      // 1.3 million times. The cache grows only as pages are read, so a small undo costs nothing more.
      let outcome: (summary: RevertSummary?, isCurrent: Bool) =
        try writer.write(pageCacheKiB: Self.largeWritePageCacheKiB) { batch -> (summary: RevertSummary?, isCurrent: Bool) in
          guard let target = try Reversal.Target.latest(for: kind, in: changeLog, origin: origin) else {
            if kind == .undo, let horizon = try changeLog.horizon() {
              throw JourneyDatabaseError.historyPruned(batch: horizon.batch, date: horizon.date)
            }
            return (nil, confirmed == nil)
          }
          if let confirmed, target.id != confirmed { return (nil, false) }
          let reversal = Reversal(connection: connection, target: target, kind: kind)
          return (try reversal.run(in: batch, force: force), true)
        }.result
      guard outcome.isCurrent else { continue }
      summary = outcome.summary
      break
    }
    return summary
  }
}
