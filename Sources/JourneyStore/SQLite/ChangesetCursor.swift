import CSQLite

/// SQLite's changeset iterator (`sqlite3_changeset_iter`) on one change: what
/// `Changeset.forEachChange` walks, and what SQLite hands the conflict handler of
/// `Connection.apply`.
struct ChangesetCursor {
  let handle: OpaquePointer
}

/// One of SQLite's accessors of a change's values: `sqlite3changeset_old`, `new`, `conflict`.
private typealias Accessor = (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32

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
    switch operation {
    case SQLITE_INSERT: return .insert(try allValues(sqlite3changeset_new, columns))
    case SQLITE_DELETE: return .delete(try allValues(sqlite3changeset_old, columns))
    case SQLITE_UPDATE:
      let old = try values(sqlite3changeset_old, columns)
      guard old.prefix(primaryKeyColumns).allSatisfy({ $0 != nil }) else {
        throw Changeset.damaged(SQLITE_CORRUPT)
      }
      return .update(old: old, new: try values(sqlite3changeset_new, columns))
    default: throw Changeset.damaged(SQLITE_CORRUPT)
    }
  }

  /// The row the database holds under the change's primary key, for a conflict of kind
  /// `SQLITE_CHANGESET_DATA` or `SQLITE_CHANGESET_CONFLICT`.
  func conflictingRow(columns: Int) throws(SQLiteError) -> [DatabaseValue] {
    // The database's row: its text read as the database holds it (`DatabaseValue.init(_:)`).
    try allValues(sqlite3changeset_conflict, Int32(columns), reading: { DatabaseValue($0) })
  }

  /// Every column's value through one of SQLite's accessors.
  /// - Throws: `SQLiteError` (`.corrupt`) when a column is not part of the change.
  private func allValues(
    _ accessor: Accessor, _ columns: Int32,
    reading: (OpaquePointer) -> DatabaseValue = DatabaseValue.init(changesetValue:)
  ) throws(SQLiteError) -> [DatabaseValue] {
    try (0..<columns).map { column throws(SQLiteError) in
      guard let value = try value(accessor, column, reading: reading) else {
        throw Changeset.damaged(SQLITE_CORRUPT)
      }
      return value
    }
  }

  /// Every column's value through one of SQLite's accessors, `nil` for a column not part of the
  /// change.
  private func values(
    _ accessor: Accessor, _ columns: Int32
  ) throws(SQLiteError) -> [DatabaseValue?] {
    try (0..<columns).map { column throws(SQLiteError) in try value(accessor, column) }
  }

  /// One value of the change through one of SQLite's accessors, `nil` for a column not part of
  /// it; `reading` makes it (a value the changeset holds, unless said otherwise).
  private func value(
    _ accessor: Accessor, _ column: Int32,
    reading: (OpaquePointer) -> DatabaseValue = DatabaseValue.init(changesetValue:)
  ) throws(SQLiteError) -> DatabaseValue? {
    var value: OpaquePointer?
    let code = accessor(handle, column, &value)
    guard code == SQLITE_OK else { throw Changeset.damaged(code) }
    return value.map(reading)
  }
}
