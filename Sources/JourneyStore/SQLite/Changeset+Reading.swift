import CSQLite

extension Changeset {
  /// Hands `body` every change of `table`, in the changeset's order, one at a time as SQLite's
  /// iterator reads it (`sqlite3changeset_start`, `next`, `op`, `old`, `new`).
  /// - Throws: `SQLiteError`, before any change is handed over: `.corrupt` for bytes that are
  ///   not a changeset, or are truncated or damaged; `.format` for a changeset that holds
  ///   another table or a table of another shape. Or what `body` throws.
  func forEachChange(of table: ChangesetTable, _ body: (RowChange) throws -> Void) throws {
    try withCheckedBytes(of: table) { count, start in
      var iterator: OpaquePointer?
      guard sqlite3changeset_start(&iterator, count, start) == SQLITE_OK, let iterator else {
        sqlite3changeset_finalize(iterator)
        throw Self.damaged(SQLITE_CORRUPT)
      }
      defer { sqlite3changeset_finalize(iterator) }
      var code = sqlite3changeset_next(iterator)
      while code == SQLITE_ROW {
        try body(
          ChangesetCursor(handle: iterator).change(primaryKeyColumns: table.primaryKeyColumns))
        code = sqlite3changeset_next(iterator)
      }
      guard code == SQLITE_DONE else { throw Self.damaged(code) }
    }
  }

  /// Every change of `table`, in the changeset's order (`forEachChange`).
  func changes(of table: ChangesetTable) throws -> [RowChange] {
    var changes: [RowChange] = []
    try forEachChange(of: table) { changes.append($0) }
    return changes
  }

  /// The changeset that undoes this one: inserts become deletes, deletes inserts, and updates
  /// swap their old and new values. The corresponding C function is `sqlite3changeset_invert`.
  /// - Throws: `SQLiteError` (`.corrupt`) for bytes that are not a changeset.
  func inverted() throws -> Changeset {
    try withCheckedBytes(of: nil) { count, start in
      var invertedCount: Int32 = 0
      var inverted: UnsafeMutableRawPointer?
      let code = sqlite3changeset_invert(count, start, &invertedCount, &inverted)
      defer { sqlite3_free(inverted) }
      guard code == SQLITE_OK else { throw Self.damaged(code) }
      return Changeset(
        bytes: inverted.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(invertedCount))) }
          ?? [])
    }
  }

  /// Hands `body` the bytes' count and address as SQLite's changeset functions take them, once
  /// their layout is checked (`ChangesetLayout`): SQLite is never given bytes it could loop on
  /// or read past.
  /// - Throws: `SQLiteError`: `.corrupt` for bytes not laid out as a changeset (a patchset among
  ///   them), `.format` when they hold a table that is not `table`; or what `body` throws.
  func withCheckedBytes<Result>(
    of table: ChangesetTable?, _ body: (Int32, UnsafeMutableRawPointer) throws -> Result
  ) throws -> Result {
    guard bytes.first != UInt8(ascii: "P") else {
      throw SQLiteError(extendedResultCode: SQLITE_CORRUPT, message: "a patchset, not a changeset")
    }
    guard let count = Int32(exactly: bytes.count) else { throw Self.damaged(SQLITE_TOOBIG) }
    return try bytes.withUnsafeBytes { buffer in
      let layout = try ChangesetLayout(buffer)
      if let table, let other = layout.tables.first(where: { !$0.isShaped(like: table) }) {
        let key = (0..<max(table.primaryKeyColumns, 0)).map { String($0 + 1) }
          .joined(separator: ", ")
        throw SQLiteError(
          extendedResultCode: SQLITE_FORMAT,
          message: "a changeset of table \(other.description) where one of \(table.name) "
            + "(\(table.columns.count) columns, key column \(key)) was expected")
      }
      // SQLite reads the bytes only, though its functions take them as mutable.
      return try body(
        count,
        UnsafeMutableRawPointer(
          mutating: buffer.baseAddress ?? UnsafeRawPointer(emptyAddress.utf8Start)))
    }
  }

  /// The error for bytes SQLite cannot read as a changeset, with its result code.
  static func damaged(_ code: Int32) -> SQLiteError {
    SQLiteError(
      extendedResultCode: code,
      message: "not a changeset, or a damaged one (\(String(cString: sqlite3_errstr(code))))")
  }
}

/// A valid address for an empty changeset.
private let emptyAddress: StaticString = ""
