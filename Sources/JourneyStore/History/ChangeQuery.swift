#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which changes of the log to read, and in what order.
public struct ChangeQuery: Equatable, Sendable {
  /// Only changes to this journey, or to all when `nil`.
  public var journeyID: UUID?
  /// Only changes of this batch, or of all when `nil`.
  public var batch: Int64?
  /// Only changes after this place in the log (a `JourneyChange.id`, or the end of the log as
  /// `JourneyDatabase.followChanges()` returns it), or all when `nil`.
  public var after: JourneyChange.ID?
  /// Newest first (as `history` lists them) or oldest first (as `watch` prints them).
  public var isNewestFirst: Bool
  /// At most this many changes, or all when `nil`.
  public var limit: Int?
  /// The changes of at most this many batches (commands), or of all when `nil`.
  public var batchLimit: Int?
  /// Only the batches committed at or after this date, or all when `nil`.
  public var since: Date?
  /// Only the batches committed before this date, or all when `nil`.
  public var until: Date?

  /// A query of the changes that match every condition given, newest first by default.
  public init(
    journeyID: UUID? = nil, batch: Int64? = nil, after: JourneyChange.ID? = nil, isNewestFirst: Bool = true,
    limit: Int? = nil, batchLimit: Int? = nil, since: Date? = nil, until: Date? = nil
  ) {
    self.journeyID = journeyID
    self.batch = batch
    self.after = after
    self.isNewestFirst = isNewestFirst
    self.limit = limit
    self.batchLimit = batchLimit
    self.since = since
    self.until = until
  }
}
