#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Reverts the most recent command's changes as one unit (an import of a million journeys is
  /// one unit), in one transaction recorded in the log as an undo batch. Commands of every
  /// process count: the log is the file's.
  ///
  /// Every writer's changes are in the log (its triggers record what other programs commit, one
  /// batch per statement), so the most recent batch may be another program's. It works by value
  /// and refuses, changing nothing, to overwrite what the log does not account for: a field that
  /// no longer holds what the batch wrote, a journey it inserted that is gone, one it deleted
  /// that exists again (a program that dropped the log's triggers, or an earlier forced undo).
  /// With `force` it overwrites them, and skips journeys that are gone. Past the first batch
  /// `history prune` kept, it refuses with `JourneyDatabaseError.historyPruned`.
  /// - Parameter confirm: Told what the undo is about to revert before anything is written,
  ///   holding no lock (it may ask someone); what it throws stops the undo, nothing changed. If
  ///   another process committed a batch meanwhile, it is told again of the new one.
  /// - Returns: What was undone, or `nil` when there is nothing to undo.
  /// - Throws: `JourneyDatabaseError.revertConflict` listing the newer changes, or `SQLiteError`;
  ///   nothing is changed then.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  @discardableResult
  public func undo(
    force: Bool = false, confirming confirm: ((RevertPreview) throws -> Void)? = nil
  ) throws -> RevertSummary? {
    try revertLatest(.undo, force: force, confirm: confirm)
  }

  /// Reapplies the changes of the most recent undo, as `undo(force:)` reverts them: available
  /// until a command makes new changes.
  /// - Returns: What was redone, or `nil` when there is nothing to redo.
  /// - Throws: As `undo(force:)`.
  @available(*, noasync, message: "Use the async form, which runs off the caller's actor")
  @discardableResult
  public func redo(
    force: Bool = false, confirming confirm: ((RevertPreview) throws -> Void)? = nil
  ) throws -> RevertSummary? {
    try revertLatest(.redo, force: force, confirm: confirm)
  }

  private func revertLatest(
    _ kind: JourneyChange.BatchKind, force: Bool, confirm: ((RevertPreview) throws -> Void)?
  ) throws -> RevertSummary? {
    let writer = writer
    try writer.prepare()
    try markChangeLogPosition()
    var summary: RevertSummary?
    while true {
      // Asked outside the write, which must not wait on anyone; the write then checks that the
      // batch to revert is still the one confirmed.
      let confirmed = try confirm.flatMap { confirm in
        try RevertPreview.latest(for: kind, in: changeLog).map { preview in
          try confirm(preview)
          return preview.batch
        }
      }
      // A large batch is reverted at random places of the file (its journeys by id, the log by
      // batch): with SQLite's default 2 MiB of cache, undoing a 200k import read and wrote pages
      // 1.3 million times. The cache grows only as pages are read, so a small undo costs nothing more.
      let outcome: (summary: RevertSummary?, isCurrent: Bool) =
        try writer.write(pageCacheKiB: Self.largeWritePageCacheKiB) { batch -> (summary: RevertSummary?, isCurrent: Bool) in
          guard let target = try Reversal.Target.latest(for: kind, in: changeLog) else {
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
