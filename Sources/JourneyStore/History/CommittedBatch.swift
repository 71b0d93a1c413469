#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A batch its transaction committed, as its writer knows it: its id and, when the batch could
/// carry them, its writes to journeys, so that whoever takes the batch in (the database's
/// `CommitFollower`) need not read again from the log what the writer just wrote.
struct CommittedBatch {
  /// The batch's id in the log.
  let id: Int64
  /// The batch's writes, in their order; `nil` when it wrote many journeys at once (a set-based
  /// insert or delete, or more than `Batch.carriedWriteLimit` writes): its rows in the log say
  /// what it changed.
  let writes: [JourneyWrite]?
  /// Whether a journey it deleted with unsaved edits is reported as discarded
  /// (`JourneyDatabase.onEditsDiscarded`): not when the caller asked for that delete itself.
  var reportsDiscardedEdits = true
}

/// One write of a batch to one journey, with what the batch knew of it.
enum JourneyWrite {
  /// The journey inserted, with its values.
  case insert(UUID, JourneyValues)
  /// Some fields of the journey set: the journey's values after the write (those of `fields`
  /// are the new ones; the others are what the writer read or held).
  case update(UUID, fields: JourneyFieldSet, values: JourneyValues)
  /// The journey deleted.
  case delete(UUID)
}
