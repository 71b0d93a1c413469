#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change of the log: a journey inserted, one field of a journey updated, or one field of a
/// deleted journey with its last value; committed by some process as part of a batch.
public struct JourneyChange: Identifiable, Equatable, Sendable {
  /// The change's place in the log: later changes have greater ids.
  public let id: ID
  /// The batch the change belongs to: everything one command, import or editor keystroke
  /// committed, or what a program other than roadtrip committed (origin `outside roadtrip`).
  public var batch: Int64 { id.batch }
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
  /// The field updated, or whose last value a delete records; `nil` for an insert (and for a delete whose
  /// values the log does not hold).
  public let field: JourneyField?
  /// The field's value before an update or a delete.
  public let oldValue: JourneyField.Value?
  /// The field's value after an update.
  public let newValue: JourneyField.Value?
}

extension JourneyChange {
  /// A change's place in the log: its batch, its place in the batch, and the field's place in
  /// `JourneyField.all` among the fields one write changed. Later changes compare greater.
  public struct ID: Hashable, Comparable, Sendable {
    /// The batch.
    public let batch: Int64
    /// The place in the batch of the write to one journey that made the change.
    public let write: Int64
    /// The field's place among the fields that write changed.
    public let field: Int

    /// The position after every change committed so far, when the newest batch is `batch` and
    /// the newest write `write`.
    static func end(batch: Int64, write: Int64) -> ID {
      ID(batch: batch, write: write, field: Int.max)
    }

    public static func < (lhs: ID, rhs: ID) -> Bool {
      (lhs.batch, lhs.write, lhs.field) < (rhs.batch, rhs.write, rhs.field)
    }
  }

  /// What a change did to its journey.
  public enum Kind: String, Sendable, CaseIterable {
    case insert, update, delete
  }

  /// What a batch of changes is: a command's own changes, or the undo or redo of an earlier batch.
  public typealias BatchKind = JourneyStore.BatchKind
}
