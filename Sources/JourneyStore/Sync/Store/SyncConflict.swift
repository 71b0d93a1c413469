#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Two concurrent writes of one field with different values that a sync met: the value kept on
/// every replica and the one that lost, which `JourneyDatabase.restoreConflict(_:)` puts back.
public struct SyncConflict: Equatable, Sendable, Identifiable {
  /// The conflict's number, as `sync conflicts` lists it.
  public let id: Int64
  public let journeyID: UUID
  public let field: JourneyField
  /// The value kept; `nil` when the journey was deleted (a delete beats a concurrent edit).
  public let kept: JourneyField.Value?
  public let keptReplica: String
  /// When the kept write was made (its clock's time).
  public let keptDate: Date
  /// The value that lost, `nil` when the model cannot hold it.
  public let lost: JourneyField.Value?
  public let lostReplica: String
  public let lostDate: Date
  /// When the sync that found it ran.
  public let found: Date
  /// The batch that restored the lost value, once restored.
  public let restoredBy: Int64?
}
