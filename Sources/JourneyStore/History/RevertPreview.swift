#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an undo or a redo is about to revert, read before it writes, so that a caller can ask
/// first (`roadtrip undo` asks on a terminal when it changes more than one journey).
public struct RevertPreview: Equatable, Sendable {
  /// Whether it is an undo or a redo.
  public let kind: JourneyChange.BatchKind
  /// The batch it reverts.
  public let batch: Int64
  /// What made the changes, such as `sync from 5c1e…` or `roadtrip import trips.ndjson`.
  public let origin: String
  /// When that command committed them.
  public let date: Date
  /// How many journeys it changes.
  public let journeys: Int
}

extension RevertPreview {
  /// The revert `kind` would make now, of the batches of `origin` (`nil`: of the whole file), or
  /// `nil` when there is nothing to revert. Reads only.
  static func latest(
    for kind: JourneyChange.BatchKind, in log: ChangeLog, origin: String? = nil
  ) throws -> RevertPreview? {
    guard let target = try Reversal.Target.latest(for: kind, in: log, origin: origin) else { return nil }
    // The journeys its rows name (a batch's rows are another batch's when it is derived), and
    // those of the ranges a large insert logged as one row each.
    let source = DatabaseValue.integer(target.batch.source)
    let named = try log.connection.firstValue(
      "SELECT count(DISTINCT journey) FROM change WHERE batch = ?1", [source])?.integer ?? 0
    let ranged = try log.connection.firstValue(
      ChangeLog.rangeJourneyCount(ofBatchAt: 1), [source])?.integer ?? 0
    return RevertPreview(
      kind: kind, batch: target.id, origin: target.origin, date: target.date,
      journeys: Int(named + ranged))
  }
}
