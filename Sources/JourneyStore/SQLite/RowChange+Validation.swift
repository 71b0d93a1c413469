import CSQLite

extension RowChange {
  /// The change as a changeset can hold it for `table`, a NaN read as the NULL SQLite stores.
  /// - Throws: `SQLiteError` (`.misuse`) when a record has not one value per column, a primary
  ///   key column is NULL or not told, an update changes the primary key or gives a new value
  ///   without the old one.
  func checked(for table: ChangesetTable) throws(SQLiteError) -> RowChange {
    let columns = table.columns.count
    let keys = 0..<table.primaryKeyColumns
    switch self {
    case .insert(let values), .delete(let values):
      guard values.count == columns else { throw Self.misuse("\(values.count) values for \(columns) columns", table: table) }
      guard keys.allSatisfy({ values[$0] != .null }) else { throw Self.misuse("a NULL primary key", table: table) }
    case .update(let old, let new):
      guard old.count == columns, new.count == columns else {
        throw Self.misuse("\(old.count) old and \(new.count) new values for \(columns) columns", table: table)
      }
      guard keys.allSatisfy({ old[$0] != nil && old[$0] != .null && (new[$0] == nil || new[$0] == old[$0]) }) else {
        throw Self.misuse("an update that changes or does not name the primary key", table: table)
      }
      guard old.indices.allSatisfy({ new[$0] == nil || old[$0] != nil }) else {
        throw Self.misuse("an update that gives a new value without the old one", table: table)
      }
    }
    return hasNaN ? withoutNaN : self
  }

  private var hasNaN: Bool {
    switch self {
    case .insert(let values), .delete(let values): values.contains { $0.double?.isNaN == true }
    case .update(let old, let new): (old + new).contains { $0?.double?.isNaN == true }
    }
  }

  private var withoutNaN: RowChange {
    let stored = { (value: DatabaseValue) in value.double?.isNaN == true ? DatabaseValue.null : value }
    return switch self {
    case .insert(let values): .insert(values.map(stored))
    case .update(let old, let new): .update(old: old.map { $0.map(stored) }, new: new.map { $0.map(stored) })
    case .delete(let values): .delete(values.map(stored))
    }
  }

  /// The error for a change a changeset of `table` cannot hold.
  static func misuse(_ problem: String, table: ChangesetTable) -> SQLiteError {
    SQLiteError(extendedResultCode: SQLITE_MISUSE, message: "changeset of \(table.name): \(problem)")
  }
}
