/// What an import does with a journey without an id whose name, type, start and duration are
/// exactly those of a journey already in the database (or read earlier in the same import):
/// in a journey log, almost always the same journey imported again.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
  /// Leaves it out, and counts it (`ImportSummary.duplicates`).
  case skip
  /// Imports it as a journey of its own, with a new id.
  case keep
}
