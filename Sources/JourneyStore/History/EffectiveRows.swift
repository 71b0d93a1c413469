/// How the change rows of a batch read when a derived batch applies them the other way round:
/// an inverted insert is a delete, and the values before and after trade places.
struct EffectiveRows {
  let isInverted: Bool

  /// The stored kind of a row that, read this way, inserts a journey.
  var inserted: String { isInverted ? "delete" : "insert" }
  /// The stored kind of a row that, read this way, deletes a journey.
  var deleted: String { isInverted ? "insert" : "delete" }
  /// `ORDER BY id` direction that gives the newest change first.
  var newestFirst: String { isInverted ? "ASC" : "DESC" }

  /// The column holding a field's value before the change.
  func before(_ field: JourneyField) -> String {
    "\(isInverted ? "new" : "old")_\(field.column)"
  }

  /// The column holding a field's value after the change.
  func after(_ field: JourneyField) -> String {
    "\(isInverted ? "old" : "new")_\(field.column)"
  }
}
