#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One row of the change log: a journey inserted, one field of a journey updated, or one field of
/// a deleted journey with its last value; committed by some process as part of a batch.
public struct JourneyChange: Identifiable, Equatable, Sendable {
  /// The change's place in the log: later changes have larger ids.
  public let id: Int64
  /// The batch the change belongs to: everything one command, import or editor keystroke committed.
  public let batch: Int64
  /// When the batch was committed.
  public let date: Date
  /// What made the change, such as `roadtrip transport 1a2b bike`.
  public let origin: String
  /// Whether the batch is a command's own changes, an undo or a redo.
  public let batchKind: BatchKind
  /// The journey changed.
  public let journeyID: UUID
  /// Whether the journey was inserted, updated or deleted.
  public let kind: Kind
  /// The field updated, or whose last value a delete records; `nil` for an insert.
  public let field: JourneyField?
  /// The field's value before an update or a delete.
  public let oldValue: JourneyField.Value?
  /// The field's value after an update.
  public let newValue: JourneyField.Value?
}

extension JourneyChange {
  /// What a change did to its journey.
  public enum Kind: String, Sendable, CaseIterable {
    case insert, update, delete
  }

  /// What a batch of changes is: a command's own changes, or the undo or redo of an earlier batch.
  public enum BatchKind: String, Sendable, CaseIterable {
    case command, undo, redo
  }
}
