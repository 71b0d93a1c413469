import CSQLite

extension Changeset {
  /// Hands `body` every change of `table`, in the changeset's order, one at a time, each read
  /// from the bytes once their layout is checked (`ChangesetLayout`): exactly the changes SQLite's
  /// iterator (`sqlite3changeset_start`, `next`, `op`, `old`, `new`) reads from them, without a
  /// call to SQLite (the iterator and its `sqlite3_value`s cost more than the rest of reading
  /// a change file: BENCHMARKS.md, P12).
  /// - Throws: `SQLiteError`, before any change is handed over: `.corrupt` for bytes that are
  ///   not a changeset, or are truncated or damaged; `.format` for a changeset that holds
  ///   another table or a table of another shape. Or what `body` throws.
  func forEachChange(of table: ChangesetTable, _ body: (RowChange) throws -> Void) throws {
    try withCheckedBuffer(of: table) { buffer in
      // Every header is of `table`'s shape, every change complete: the layout says so.
      var scanner = ChangesetScanner(bytes: buffer)
      while !scanner.isAtEnd {
        guard try !scanner.skipHeader() else { continue }
        try body(try scanner.change(of: table, oldValuesOfUpdates: true))
      }
    }
  }

  /// Hands `body`, for every change of `table` in the changeset's order, where the change
  /// starts (for `change(at:of:oldValuesOfUpdates:)`) and the bytes of its first column's value
  /// when that is a text (`nil` for another value): the key each change names, read where it
  /// lies, the rest of the change skipped (`forEachChange` reads it whole).
  /// - Throws: As `forEachChange`, before any key is handed over.
  func forEachKeyText(
    of table: ChangesetTable, _ body: (_ offset: Int, _ key: UnsafeRawBufferPointer?) throws -> Void
  ) throws {
    try withCheckedBuffer(of: table) { buffer in
      let columns = table.columns.count
      var scanner = ChangesetScanner(bytes: buffer)
      while !scanner.isAtEnd {
        let offset = scanner.position
        guard try !scanner.skipHeader() else { continue }
        let operation = Int32(try scanner.byte())
        _ = try scanner.byte()  // indirect
        try body(offset, try scanner.textBytes())
        try scanner.skipRecord(columns - 1)
        if operation == SQLITE_UPDATE {
          try scanner.skipRecord(columns)
        }
      }
    }
  }

  /// The change of `table` that starts at `offset`, read as `forEachChange` reads it, for a
  /// reader that read the changes' keys and offsets with `forEachKeyText` first, which checked
  /// the layout: a sync merging a received file's changes in the order of their journeys, not
  /// of the file (BENCHMARKS.md, P12). The layout is not checked again; every read stays inside
  /// the bytes whatever they hold.
  ///
  /// With `oldValuesOfUpdates` false, an update's old values are skipped, its key's too (`old`
  /// is empty): for a reader of the new values that knows each change's row already, which
  /// makes no value of what it would not read (the sync's merge: an id was a `String` an
  /// update).
  /// - Throws: `SQLiteError` (`.corrupt`) for bytes that hold no change there.
  func change(
    at offset: Int, of table: ChangesetTable, oldValuesOfUpdates: Bool = true
  ) throws -> RowChange {
    try bytes.withUnsafeBytes { buffer in
      var scanner = ChangesetScanner(bytes: buffer)
      guard (0..<buffer.count).contains(offset) else { throw Self.damaged(SQLITE_CORRUPT) }
      scanner.position = offset
      return try scanner.change(of: table, oldValuesOfUpdates: oldValuesOfUpdates)
    }
  }

  /// Hands `body` every change of `table` as SQLite's changeset iterator reads them
  /// (`sqlite3changeset_start`, `next`, `op`, `old`, `new`): what `forEachChange`'s reading is
  /// checked against (the tests, `scripts/fuzz`), used by nothing else.
  /// - Throws: As `forEachChange`.
  func forEachChangeReadBySQLite(
    of table: ChangesetTable, _ body: (RowChange) throws -> Void
  ) throws {
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
  /// their layout is checked (`withCheckedBuffer`): SQLite is never given bytes it could loop on
  /// or read past.
  /// - Throws: As `withCheckedBuffer`.
  func withCheckedBytes<Result>(
    of table: ChangesetTable?, _ body: (Int32, UnsafeMutableRawPointer) throws -> Result
  ) throws -> Result {
    try withCheckedBuffer(of: table) { buffer in
      // SQLite reads the bytes only, though its functions take them as mutable.
      try body(
        Int32(buffer.count),
        UnsafeMutableRawPointer(
          mutating: buffer.baseAddress ?? UnsafeRawPointer(emptyAddress.utf8Start)))
    }
  }

  /// Hands `body` the bytes once their layout is checked (`ChangesetLayout`), and that every
  /// table they hold is `table`.
  /// - Throws: `SQLiteError`: `.corrupt` for bytes not laid out as a changeset (a patchset among
  ///   them), `.format` when they hold a table that is not `table`, `.tooBig` for more bytes than
  ///   SQLite's functions take; or what `body` throws.
  private func withCheckedBuffer<Result>(
    of table: ChangesetTable?, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) throws -> Result {
    guard bytes.first != UInt8(ascii: "P") else {
      throw SQLiteError(extendedResultCode: SQLITE_CORRUPT, message: "a patchset, not a changeset")
    }
    guard Int32(exactly: bytes.count) != nil else { throw Self.damaged(SQLITE_TOOBIG) }
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
      return try body(buffer)
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
