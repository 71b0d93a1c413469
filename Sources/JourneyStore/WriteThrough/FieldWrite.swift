#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One write-through write on its way to the file: the fields one setter changed, with the
/// journey's values after it, numbered in the order written.
struct FieldWrite: Sendable {
  /// Its place in the order of the database's write-through writes.
  let sequence: Int
  /// The journey written to.
  let id: UUID
  /// The fields written.
  let fields: JourneyFieldSet
  /// The journey's values after the write: those of `fields` are the ones to save.
  let values: JourneyValues
}

extension FieldWrite {
  /// What became of a write: saved (as the batch it committed, or none when the file held the
  /// values already), or refused with the error.
  struct Outcome: Sendable {
    let write: FieldWrite
    let result: Result<Int64?, any Error>
  }
}
