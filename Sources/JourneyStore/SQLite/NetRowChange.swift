/// One row's changes combined as a session records them: the row before the first change and
/// after the last, each `nil` when there was no row; a column no change told is `nil` in both.
///
/// The net change is an insert of the last values (inserted, then updated), nothing (inserted,
/// then deleted; or updated back to where it was), one update from the first old values to the
/// last new ones, or a delete of the first old values. Values compare as SQLite stores them
/// (`isStored(like:)`): a REAL by its bits, so 0.0 to -0.0 is a change (a session compares
/// numbers and sees none), and a NaN as the NULL SQLite stores for it.
struct NetRowChange {
  private var before: [DatabaseValue?]?
  private var after: [DatabaseValue?]?

  /// The net change of a row that has only this change so far.
  init(_ change: RowChange) {
    switch change {
    case .insert(let values): after = values
    case .update(let old, let new):
      before = old
      after = zip(old, new).map { $1 ?? $0 }
    case .delete(let values): before = values
    }
  }
}

extension NetRowChange {
  /// Adds the row's next change; `table` names the row in the error.
  /// - Throws: `SQLiteError` (`.misuse`) for an insert of a row that is there, or an update or
  ///   delete of a row that is not.
  mutating func add(_ change: RowChange, table: ChangesetTable) throws(SQLiteError) {
    switch (change, after) {
    case (.insert(let values), nil): after = values
    case (.update(let old, let new), var values?):
      for column in old.indices {
        guard let oldValue = old[column] else { continue }
        fill(column, with: oldValue)
        values[column] = new[column] ?? values[column] ?? oldValue
      }
      after = values
    case (.delete(let values), _?):
      for column in values.indices { fill(column, with: values[column]) }
      after = nil
    default:
      throw RowChange.misuse(
        after == nil
          ? "an update or delete of a row that is not there" : "an insert of a row that is there",
        table: table)
    }
  }

  /// Sets a column's value before the first change, unless an earlier change told it.
  private mutating func fill(_ column: Int, with value: DatabaseValue) {
    if before != nil && before![column] == nil { before![column] = value }
  }

  /// The change from the first values to the last, `nil` when there is none.
  func change(primaryKeyColumns: Int) -> RowChange? {
    switch (before, after) {
    case (nil, let after?): return .insert(after.map { $0! })
    case (let before?, nil): return .delete(before.map { $0! })
    case (let before?, let after?):
      var old = [DatabaseValue?](repeating: nil, count: before.count)
      var new = old
      var changed = false
      for column in before.indices {
        if column < primaryKeyColumns {
          old[column] = before[column]
        } else if let first = before[column], let last = after[column], !first.isStored(like: last)
        {
          old[column] = first
          new[column] = last
          changed = true
        }
      }
      return changed ? .update(old: old, new: new) : nil
    case (nil, nil): return nil
    }
  }
}
