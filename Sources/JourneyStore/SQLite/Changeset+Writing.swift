extension Changeset {
  /// SQLite's own bytes for these changes of one table, in the order of each row's first change;
  /// several changes of one row combine as a session would record them (`NetRowChange`): an
  /// insert then updates are an insert of the last values, an insert then a delete nothing,
  /// updates one update from the first old values to the last new ones.
  /// - Throws: `SQLiteError` (`.misuse`) for a change the table's shape cannot hold
  ///   (`RowChange.check`), an insert of a row already there, an update or delete of a row
  ///   that is not, or a table name with a NUL.
  init(table: ChangesetTable, changes: [RowChange]) throws(SQLiteError) {
    guard !table.name.utf8.contains(0), table.primaryKeyColumns >= 1,
      table.primaryKeyColumns <= table.columns.count
    else {
      throw RowChange.misuse(
        "a table name with a NUL, or no primary key among the columns", table: table)
    }
    // A key of one column, the usual, is looked up as the value itself: no array to make.
    let rows =
      table.primaryKeyColumns == 1
      ? try Self.rows(of: changes, table: table) { $0.primaryKey(column: 0) }
      : try Self.rows(of: changes, table: table) { $0.primaryKey(columns: table.primaryKeyColumns) }
    var writer = ChangesetWriter()
    var started = false
    for row in rows {
      guard let change = row.change(primaryKeyColumns: table.primaryKeyColumns) else { continue }
      if !started { writer.appendHeader(of: table) }
      started = true
      writer.append(change)
    }
    self.init(bytes: writer.bytes)
  }

  /// The changes grouped by row, in the order of each row's first change; `key` is a change's
  /// row.
  private static func rows<Key: Hashable>(
    of changes: [RowChange], table: ChangesetTable, key: (RowChange) -> Key
  ) throws(SQLiteError) -> [PendingRow] {
    var rows: [PendingRow] = []
    var rowIndex: [Key: Int] = [:]
    rows.reserveCapacity(changes.count)
    rowIndex.reserveCapacity(changes.count)
    for change in changes {
      try change.check(for: table)
      let key = key(change)
      if let index = rowIndex[key] {
        try rows[index].add(change, table: table)
      } else {
        rowIndex[key] = rows.count
        rows.append(.one(change))
      }
    }
    return rows
  }
}

/// A row's changes so far: most rows have one, which is written as it is when a session would
/// record it so.
private enum PendingRow {
  case one(RowChange)
  case several(NetRowChange)

  mutating func add(_ change: RowChange, table: ChangesetTable) throws(SQLiteError) {
    var net: NetRowChange
    switch self {
    case .one(let first): net = NetRowChange(first)
    case .several(let several): net = several
    }
    try net.add(change, table: table)
    self = .several(net)
  }

  /// The change a session would record, `nil` when there is none.
  func change(primaryKeyColumns: Int) -> RowChange? {
    switch self {
    case .one(let change) where change.isRecorded(primaryKeyColumns: primaryKeyColumns): change
    case .one(let change): NetRowChange(change).change(primaryKeyColumns: primaryKeyColumns)
    case .several(let net): net.change(primaryKeyColumns: primaryKeyColumns)
    }
  }
}
