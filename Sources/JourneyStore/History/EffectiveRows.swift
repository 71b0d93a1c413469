/// How the change rows of a batch read as the batch applies them: the one statement of the rule
/// that a derived undo or redo reads its source's rows the other way round (an inverted insert is
/// a delete, the values before and after trade places, the newest row comes first). Whatever
/// reads a batch's rows reads them through it: in SQL (`Reversal`, set-based), or as typed rows
/// (`ChangeLog.Row`, read with `columns`).
struct EffectiveRows {
  let isInverted: Bool

  /// The stored kind of a row that, read this way, inserts a journey.
  var inserted: String { isInverted ? "delete" : "insert" }
  /// The stored kind of a row that, read this way, deletes a journey.
  var deleted: String { isInverted ? "insert" : "delete" }
  /// `ORDER BY id` direction that gives the newest change first.
  var newestFirst: String { order(isNewestFirst: true) }

  /// Whether the rows, in the order the batch applies them (or the newest first), come by
  /// descending id: an inverted batch applies its source's rows from the last.
  func isDescending(isNewestFirst: Bool) -> Bool {
    isNewestFirst != isInverted
  }

  /// `ORDER BY id` direction that gives the rows in the order the batch applies them, or the
  /// newest first.
  func order(isNewestFirst: Bool) -> String {
    isDescending(isNewestFirst: isNewestFirst) ? "DESC" : "ASC"
  }

  /// The column holding a field's value before the change.
  func before(_ field: JourneyField) -> String {
    "\(isInverted ? "new" : "old")_\(field.column)"
  }

  /// The column holding a field's value after the change.
  func after(_ field: JourneyField) -> String {
    "\(isInverted ? "old" : "new")_\(field.column)"
  }

  /// The condition that a row is the write whose place (`ChangeLog.Row.write`) is parameter
  /// `parameter`, or one the batch applies after it. A place is a row's id, or minus it read the
  /// other way round: the condition is on the id, which SQLite finds by its key.
  func fromWrite(_ parameter: String) -> String {
    isInverted ? "id <= -\(parameter)" : "id >= \(parameter)"
  }

  /// What a row of the stored kind does, read this way.
  func kind(stored: JourneyChange.Kind) -> JourneyChange.Kind {
    guard isInverted else { return stored }
    switch stored {
    case .insert: return .delete
    case .delete: return .insert
    case .update: return .update
    }
  }

  /// The columns of a row read this way, for a `SELECT` read by `ChangeLog.Row(row:reading:)`:
  /// the write's place, the journey, the stored kind, then the value of each field before the
  /// change and after it, in the order of `JourneyField.all`.
  var columns: String {
    ([isInverted ? "-id" : "id", "journey", "kind"] + JourneyField.all.map(before) + JourneyField.all.map(after))
      .joined(separator: ", ")
  }
}
