#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an undo or a redo did: which batch it reverted, and how many journeys it touched.
public struct RevertSummary: Equatable, Sendable {
  /// Whether it was an undo or a redo.
  public let kind: JourneyChange.BatchKind
  /// The batch that was reverted: for an undo, the command's (or a redo's); for a redo, the undo's.
  public let revertedBatch: Int64
  /// The batch of the command whose changes are now undone or redone: the start of the chain of
  /// undos and redos that `revertedBatch` ends.
  public let commandBatch: Int64
  /// What made the changes that are now undone or redone, such as `roadtrip transport 1a2b bike`.
  public let origin: String
  /// When that command committed them.
  public let date: Date
  /// The batch that records the undo or redo in the change log.
  public let batch: Int64
  /// How many journeys were inserted (a delete undone, or an insert redone).
  public let inserted: Int
  /// How many journeys had fields set back or again, and which fields.
  public let updated: Int
  /// The fields set, in the order of `JourneyField.all`.
  public let fields: [JourneyField]
  /// How many journeys were deleted (an insert undone, or a delete redone).
  public let deleted: Int
}
