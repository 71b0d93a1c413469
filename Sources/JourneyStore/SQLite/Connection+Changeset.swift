import CSQLite

extension Connection {
  /// Applies a changeset of `table` to this connection's database, all of it or, when a
  /// conflict is aborted or anything fails, nothing (a savepoint); `resolve` decides each change
  /// that cannot be made as it is. The corresponding C function is `sqlite3changeset_apply_v2`.
  ///
  /// SQLite skips without a word the changes of a table that is not there or is of another
  /// shape; so both the database's table and the changeset's are checked to be `table` first.
  /// - Throws: `SQLiteError`: `.format` when the database's table or a change is not of
  ///   `table`'s shape, `.corrupt` for bytes that are not a changeset, `.abort` when `resolve`
  ///   aborts, `.misuse` when it answers `.replace` to a conflict that is not `.data` or
  ///   `.conflict`; or what `resolve` throws. The database is as it was.
  func apply(
    _ changeset: Changeset, of table: ChangesetTable,
    onConflict resolve: (ChangesetConflict) throws -> ChangesetConflict.Resolution
  ) throws {
    try checkShape(of: table)
    try withoutActuallyEscaping(resolve) { resolve in
      let handler = ConflictHandler(table: table, resolve: resolve)
      let code = try changeset.withCheckedBytes(of: table) { count, start in
        sqlite3changeset_apply_v2(
          handle, count, start, nil,
          { context, kind, iterator in
            guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
            return Unmanaged<ConflictHandler>.fromOpaque(context).takeUnretainedValue()
              .answer(kind, at: ChangesetCursor(handle: iterator))
          },
          Unmanaged.passUnretained(handler).toOpaque(), nil, nil, 0)
      }
      if let error = handler.error { throw error }
      guard code == SQLITE_OK else {
        throw code == SQLITE_ABORT
          ? SQLiteError(
            extendedResultCode: code,
            message: "the changeset was not applied: a conflict aborted it")
          : SQLiteError(connection: handle)
      }
    }
  }

  /// Checks that the database has a table of `table`'s shape: its name, its columns first in
  /// that order, its primary key those columns.
  /// - Throws: `SQLiteError` (`.format`) when it has not.
  private func checkShape(of table: ChangesetTable) throws {
    var columns: [String] = []
    var key: [Int] = []
    let sql = "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid"
    try forEachRow(sql, [.text(table.name)]) { row in
      if row.integer(at: 1) > 0 { key.append(columns.count) }
      columns.append(row.text(at: 0))
    }
    guard columns.prefix(table.columns.count) == table.columns[...],
      key == Array(0..<table.primaryKeyColumns)
    else {
      let key = table.columns.prefix(table.primaryKeyColumns).joined(separator: ", ")
      throw SQLiteError(
        extendedResultCode: SQLITE_FORMAT,
        message:
          "the database has no table \(table.name) (\(table.columns.joined(separator: ", ")), "
          + "key \(key)) to apply a changeset to")
    }
  }
}

/// What SQLite's conflict callback reaches during `Connection.apply`: the caller's handler, and
/// the error it threw, if any, to throw once SQLite has taken the changes back.
private final class ConflictHandler {
  let table: ChangesetTable
  let resolve: (ChangesetConflict) throws -> ChangesetConflict.Resolution
  var error: (any Error)?

  init(
    table: ChangesetTable,
    resolve: @escaping (ChangesetConflict) throws -> ChangesetConflict.Resolution
  ) {
    self.table = table
    self.resolve = resolve
  }

  /// The answer to SQLite for a conflict of a kind (`SQLITE_CHANGESET_DATA`, …) at a change.
  func answer(_ code: Int32, at cursor: ChangesetCursor) -> Int32 {
    do {
      let conflict = try self.conflict(code, at: cursor)
      switch try resolve(conflict) {
      case .omit: return SQLITE_CHANGESET_OMIT
      case .abort: return SQLITE_CHANGESET_ABORT
      case .replace where conflict.kind == .data || conflict.kind == .conflict:
        return SQLITE_CHANGESET_REPLACE
      case .replace:
        throw SQLiteError(
          extendedResultCode: SQLITE_MISUSE,
          message: "a \(conflict.kind) conflict cannot be resolved by replacing")
      }
    } catch {
      self.error = error
      return SQLITE_CHANGESET_ABORT
    }
  }

  private func conflict(
    _ code: Int32, at cursor: ChangesetCursor
  ) throws(SQLiteError) -> ChangesetConflict {
    switch code {
    case SQLITE_CHANGESET_FOREIGN_KEY:
      var count: Int32 = 0
      sqlite3changeset_fk_conflicts(cursor.handle, &count)
      return ChangesetConflict(kind: .foreignKey, change: nil, foreignKeyViolations: Int(count))
    case SQLITE_CHANGESET_DATA, SQLITE_CHANGESET_CONFLICT:
      return ChangesetConflict(
        kind: code == SQLITE_CHANGESET_DATA ? .data : .conflict,
        change: try cursor.change(primaryKeyColumns: table.primaryKeyColumns),
        databaseRow: try cursor.conflictingRow(columns: table.columns.count))
    default:
      return ChangesetConflict(
        kind: code == SQLITE_CHANGESET_NOTFOUND ? .notFound : .constraint,
        change: try cursor.change(primaryKeyColumns: table.primaryKeyColumns))
    }
  }
}
