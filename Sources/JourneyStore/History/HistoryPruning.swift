#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which batches of the change log `pruneHistory(_:)` drops: the oldest ones.
public enum HistoryPruning: Equatable, Sendable {
  /// Keeps the newest `count` batches.
  case keepingLast(Int)
  /// Drops the batches committed before this date.
  case before(Date)
}

/// What `pruneHistory(_:)` dropped.
public struct PruneSummary: Equatable, Sendable {
  /// How many batches were dropped.
  public let batches: Int
  /// How many rows of the log went with them.
  public let changes: Int
  /// When the newest batch dropped was committed, or `nil` when nothing was dropped.
  public let newestDropped: Date?
}
