import CSQLite

/// The layout of a changeset's bytes, checked whole before SQLite reads them: every table
/// header and every change complete, every table with a primary key, every value of a known type
/// and inside the bytes, and a value wherever SQLite needs one (every column of an insert or a
/// delete, the primary key among an update's old values).
///
/// SQLite 3.40's changeset functions trust the bytes too far: a table header whose name has no
/// NUL before the end makes `sqlite3changeset_next` and `sqlite3changeset_invert` loop forever,
/// a length at the very end is read past the bytes, and `sqlite3changeset_apply_v2` reads an
/// update's primary key without looking whether it is there (a crash). What passes here, SQLite
/// reads as it is laid out (`ChangesetWriter` says how).
struct ChangesetLayout {
  /// The table headers, in the order the bytes hold them (a table may come more than once).
  let tables: [Table]

  /// Checks the bytes' layout.
  /// - Throws: `SQLiteError` (`.corrupt`) for bytes that are not laid out as a changeset.
  init(_ bytes: UnsafeRawBufferPointer) throws(SQLiteError) {
    var scanner = ChangesetScanner(bytes: bytes)
    var tables: [Table] = []
    while !scanner.isAtEnd {
      let operation = Int32(try scanner.byte())
      if operation == Int32(UInt8(ascii: "T")) {
        tables.append(try scanner.header())
        continue
      }
      guard let key = tables.last?.primaryKey,
        [SQLITE_INSERT, SQLITE_DELETE, SQLITE_UPDATE].contains(operation)
      else { throw Changeset.damaged(SQLITE_CORRUPT) }
      _ = try scanner.byte()  // indirect
      for isKey in key {
        let isThere = try scanner.skipValue()
        guard isThere || (operation == SQLITE_UPDATE && !isKey) else {
          throw Changeset.damaged(SQLITE_CORRUPT)
        }
      }
      if operation == SQLITE_UPDATE {
        for _ in key { _ = try scanner.skipValue() }
      }
    }
    self.tables = tables
  }
}

extension ChangesetLayout {
  /// A table as a changeset's header describes it.
  struct Table {
    /// The name's bytes, without the NUL.
    var name: [UInt8]
    /// For each column, whether it is part of the primary key.
    var primaryKey: [Bool]
  }
}

extension ChangesetLayout.Table {
  /// Whether this is `table`: its name, its number of columns, its primary key.
  func isShaped(like table: ChangesetTable) -> Bool {
    name.elementsEqual(table.name.utf8) && primaryKey.count == table.columns.count
      && primaryKey.indices.allSatisfy { primaryKey[$0] == ($0 < table.primaryKeyColumns) }
  }

  /// The table, as an error message names it.
  var description: String {
    let keys = primaryKey.indices.filter { primaryKey[$0] }.map { String($0 + 1) }
    return "\(String(decoding: name, as: UTF8.self)) (\(primaryKey.count) columns, key column "
      + "\(keys.joined(separator: ", ")))"
  }
}
