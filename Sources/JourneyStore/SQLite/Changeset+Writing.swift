extension Changeset {
  /// SQLite's own bytes for these changes of one table, in the order of each row's first change;
  /// several changes of one row combine as a session would record them (`NetRowChange`): an
  /// insert then updates are an insert of the last values, an insert then a delete nothing,
  /// updates one update from the first old values to the last new ones.
  /// - Throws: `SQLiteError` (`.misuse`) for a change the table's shape cannot hold
  ///   (`RowChange.checked`), an insert of a row already there, an update or delete of a row
  ///   that is not, or a table name with a NUL.
  init(table: ChangesetTable, changes: [RowChange]) throws(SQLiteError) {
    guard !table.name.utf8.contains(0), table.primaryKeyColumns >= 1,
      table.primaryKeyColumns <= table.columns.count else {
      throw RowChange.misuse("a table name with a NUL, or no primary key among the columns", table: table)
    }
    var rows: [NetRowChange] = []
    var rowIndex: [[DatabaseValue]: Int] = [:]
    rows.reserveCapacity(changes.count)
    rowIndex.reserveCapacity(changes.count)
    for change in changes {
      let change = try change.checked(for: table)
      let key = change.primaryKey(columns: table.primaryKeyColumns)
      if let index = rowIndex[key] {
        try rows[index].add(change, table: table)
      } else {
        rowIndex[key] = rows.count
        rows.append(NetRowChange(change))
      }
    }
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
}

extension RowChange {
  /// The values of the row's primary key.
  func primaryKey(columns: Int) -> [DatabaseValue] {
    switch self {
    case .insert(let values), .delete(let values): Array(values.prefix(columns))
    case .update(let old, _): old.prefix(columns).map { $0! }
    }
  }
}
