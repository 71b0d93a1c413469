import CSQLite

/// SQLite's changeset iterator (`sqlite3_changeset_iter`) on one change: what
/// `Changeset.forEachChange` walks, and what SQLite hands the conflict handler of
/// `Connection.apply`.
struct ChangesetCursor {
  let handle: OpaquePointer
}

extension ChangesetCursor {
  /// The change; the table's shape was checked with the bytes' layout (`ChangesetLayout`).
  /// - Throws: `SQLiteError` (`.corrupt`) for a record without a value SQLite's format requires.
  func change(primaryKeyColumns: Int) throws(SQLiteError) -> RowChange {
    var name: UnsafePointer<CChar>?
    var columns: Int32 = 0
    var operation: Int32 = 0
    var indirect: Int32 = 0
    guard sqlite3changeset_op(handle, &name, &columns, &operation, &indirect) == SQLITE_OK else {
      throw Changeset.damaged(SQLITE_CORRUPT)
    }
    let all = 0..<columns
    switch operation {
    case SQLITE_INSERT: return .insert(try all.map { column throws(SQLiteError) in try required(value(sqlite3changeset_new, column)) })
    case SQLITE_DELETE: return .delete(try all.map { column throws(SQLiteError) in try required(value(sqlite3changeset_old, column)) })
    case SQLITE_UPDATE:
      let old = try all.map { column throws(SQLiteError) in try value(sqlite3changeset_old, column) }
      guard old.prefix(primaryKeyColumns).allSatisfy({ $0 != nil }) else { throw Changeset.damaged(SQLITE_CORRUPT) }
      return .update(old: old, new: try all.map { column throws(SQLiteError) in try value(sqlite3changeset_new, column) })
    default: throw Changeset.damaged(SQLITE_CORRUPT)
    }
  }

  /// The row the database holds under the change's primary key, for a conflict of kind
  /// `SQLITE_CHANGESET_DATA` or `SQLITE_CHANGESET_CONFLICT`.
  func conflictingRow(columns: Int) throws(SQLiteError) -> [DatabaseValue] {
    try (0..<Int32(columns)).map { column throws(SQLiteError) in try required(value(sqlite3changeset_conflict, column)) }
  }

  /// One value of the change through one of SQLite's accessors, `nil` for a column not part of
  /// it.
  private func value(
    _ accessor: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32, _ column: Int32
  ) throws(SQLiteError) -> DatabaseValue? {
    var value: OpaquePointer?
    let code = accessor(handle, column, &value)
    guard code == SQLITE_OK else { throw Changeset.damaged(code) }
    return value.map(DatabaseValue.init)
  }

  private func required(_ value: DatabaseValue?) throws(SQLiteError) -> DatabaseValue {
    guard let value else { throw Changeset.damaged(SQLITE_CORRUPT) }
    return value
  }
}
