import CSQLite

extension RowChange {
  /// Checks that a changeset of `table` can hold the change.
  /// - Throws: `SQLiteError` (`.misuse`) when a record has not one value per column, a primary
  ///   key column is NULL (or NaN, which SQLite stores as NULL) or not told, an update changes
  ///   the primary key or gives a new value without the old one.
  func check(for table: ChangesetTable) throws(SQLiteError) {
    let columns = table.columns.count
    let keys = 0..<table.primaryKeyColumns
    let isKey = { (value: DatabaseValue?) in value.map { !$0.isStored(like: .null) } ?? false }
    switch self {
    case .insert(let values), .delete(let values):
      guard values.count == columns else {
        throw Self.misuse("\(values.count) values for \(columns) columns", table: table)
      }
      guard keys.allSatisfy({ isKey(values[$0]) }) else {
        throw Self.misuse("a NULL primary key", table: table)
      }
    case .update(let old, let new):
      guard old.count == columns, new.count == columns else {
        throw Self.misuse(
          "\(old.count) old and \(new.count) new values for \(columns) columns", table: table)
      }
      guard keys.allSatisfy({ isKey(old[$0]) && (new[$0] == nil || new[$0] == old[$0]) }) else {
        throw Self.misuse("an update that changes or does not name the primary key", table: table)
      }
      guard old.indices.allSatisfy({ new[$0] == nil || old[$0] != nil }) else {
        throw Self.misuse("an update that gives a new value without the old one", table: table)
      }
    }
  }

  /// The values of the row's primary key, once `check` passed.
  func primaryKey(columns: Int) -> [DatabaseValue] {
    (0..<columns).map(primaryKey(column:))
  }

  /// The value of a column of the row's primary key, once `check` passed.
  func primaryKey(column: Int) -> DatabaseValue {
    switch self {
    case .insert(let values), .delete(let values): values[column]
    case .update(let old, _): old[column]!
    }
  }

  /// Whether the change is as a session records it: an update names the primary key in its old
  /// values only, and of the other columns exactly those whose value it changes (as SQLite stores
  /// them: `isStored(like:)`). Inserts and deletes always are.
  func isRecorded(primaryKeyColumns: Int) -> Bool {
    guard case .update(let old, let new) = self else { return true }
    var changed = false
    for column in old.indices {
      switch (old[column], new[column]) {
      case (_, nil) where column < primaryKeyColumns, (nil, nil): continue
      case (let first?, let last?) where column >= primaryKeyColumns && !first.isStored(like: last):
        changed = true
      default: return false
      }
    }
    return changed
  }

  /// The error for a change a changeset of `table` cannot hold.
  static func misuse(_ problem: String, table: ChangesetTable) -> SQLiteError {
    SQLiteError(
      extendedResultCode: SQLITE_MISUSE, message: "changeset of \(table.name): \(problem)")
  }
}

extension DatabaseValue {
  /// Whether SQLite stores the two values alike: when they are equal, or both NaN or NULL (SQLite
  /// stores a NaN as NULL).
  func isStored(like other: DatabaseValue) -> Bool {
    switch (self, other) {
    case (.real(let real), .null), (.null, .real(let real)): real.isNaN
    case (.real(let first), .real(let second)) where first.isNaN: second.isNaN
    default: self == other
    }
  }
}
