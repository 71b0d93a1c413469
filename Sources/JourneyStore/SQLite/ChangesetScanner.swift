import CSQLite

/// Reads a changeset's bytes in order, each read checked to stay inside them: what
/// `ChangesetLayout` checks them with, and what `Changeset.forEachChange` reads their values
/// with once they are checked (`ChangesetWriter` says how they are laid out).
struct ChangesetScanner {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }
}

extension ChangesetScanner {
  var isAtEnd: Bool { position == bytes.count }

  /// Reads a table header after its `T`: the column count, a primary-key flag per column, the
  /// name and its NUL.
  mutating func header() throws(SQLiteError) -> ChangesetLayout.Table {
    let columns = try varint()
    // SQLite refuses more than 65536 columns itself (a table has at most 32767).
    guard (1...65536).contains(columns) else { throw Changeset.damaged(SQLITE_CORRUPT) }
    let flags = try take(columns)
    guard flags.contains(where: { $0 != 0 }) else { throw Changeset.damaged(SQLITE_CORRUPT) }
    guard let end = bytes[position...].firstIndex(of: 0) else {
      throw Changeset.damaged(SQLITE_CORRUPT)
    }
    defer { position = end + 1 }
    return ChangesetLayout.Table(
      name: Array(bytes[position..<end]), primaryKey: flags.map { $0 != 0 })
  }

  /// Moves past a table header (its `T`, then `header()`) when one is next.
  /// - Returns: Whether one was.
  mutating func skipHeader() throws(SQLiteError) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "T") else { return false }
    position += 1
    _ = try header()
    return true
  }

  /// Reads the change that is next, of `table` (`Changeset.forEachChange` says how, and
  /// `Changeset.change(at:of:oldValuesOfUpdates:)` what `oldValuesOfUpdates` leaves out).
  mutating func change(
    of table: ChangesetTable, oldValuesOfUpdates: Bool
  ) throws(SQLiteError) -> RowChange {
    let columns = table.columns.count
    let operation = Int32(try byte())
    _ = try byte()  // indirect
    switch operation {
    case SQLITE_INSERT: return .insert(try wholeRecord(columns))
    case SQLITE_DELETE: return .delete(try wholeRecord(columns))
    case SQLITE_UPDATE:
      guard oldValuesOfUpdates else {
        try skipRecord(columns)
        return .update(old: [], new: try record(columns))
      }
      var old = try record(columns)
      let new = try record(columns)
      // SQLite's iterator drops the old value of a column that is neither the key nor in the
      // new record ("technically corrupt", says sessionChangesetNextOne).
      for column in min(table.primaryKeyColumns, columns)..<columns where new[column] == nil {
        old[column] = nil
      }
      return .update(old: old, new: new)
    default: throw Changeset.damaged(SQLITE_CORRUPT)
    }
  }

  /// Skips a value of a record.
  /// - Returns: Whether the value is there (a column not part of a change is not).
  mutating func skipValue() throws(SQLiteError) -> Bool {
    switch Int32(try byte()) {
    case 0: return false
    case SQLITE_NULL: break
    case SQLITE_INTEGER, SQLITE_FLOAT: _ = try take(8)
    case SQLITE_TEXT, SQLITE_BLOB: _ = try counted()
    default: throw Changeset.damaged(SQLITE_CORRUPT)
    }
    return true
  }

  /// Reads a value of a record as SQLite's changeset iterator makes it (`sqlite3changeset_old`,
  /// `new`, read by `DatabaseValue(changesetValue:)`): `nil` for a column not part of the
  /// change, a NaN as NULL (SQLite's `sqlite3VdbeMemSetDouble` stores no NaN), a text's bytes as
  /// they are (`DatabaseValue(text:)`: NULs kept, invalid UTF-8 as `.invalidText`).
  mutating func value() throws(SQLiteError) -> DatabaseValue? {
    switch Int32(try byte()) {
    case 0: return nil
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(Int64(bitPattern: try bigEndian()))
    case SQLITE_FLOAT:
      let real = Double(bitPattern: try bigEndian())
      return real.isNaN ? .null : .real(real)
    case SQLITE_TEXT:
      let text = try counted()
      return DatabaseValue(text: UnsafeRawBufferPointer(rebasing: text).bindMemory(to: UInt8.self))
    case SQLITE_BLOB: return .blob(Array(try counted()))
    default: throw Changeset.damaged(SQLITE_CORRUPT)
    }
  }

  /// Reads a value of a record, handing back its bytes when it is a text (`nil` for any other
  /// value): a change's key, read without making a value of it.
  mutating func textBytes() throws(SQLiteError) -> UnsafeRawBufferPointer? {
    guard bytes.count > position, Int32(bytes[position]) == SQLITE_TEXT else {
      _ = try skipValue()
      return nil
    }
    position += 1
    return UnsafeRawBufferPointer(rebasing: try counted())
  }

  /// A record of `columns` values, `nil` for a column not part of the change.
  mutating func record(_ columns: Int) throws(SQLiteError) -> [DatabaseValue?] {
    var values: [DatabaseValue?] = []
    values.reserveCapacity(columns)
    for _ in 0..<columns { values.append(try value()) }
    return values
  }

  /// Moves past a record of `columns` values without reading them.
  mutating func skipRecord(_ columns: Int) throws(SQLiteError) {
    for _ in 0..<columns { _ = try skipValue() }
  }

  /// A record of `columns` values, every one of them there (an insert's, a delete's).
  /// - Throws: `SQLiteError` (`.corrupt`) for a column not part of the change.
  mutating func wholeRecord(_ columns: Int) throws(SQLiteError) -> [DatabaseValue] {
    var values: [DatabaseValue] = []
    values.reserveCapacity(columns)
    for _ in 0..<columns {
      guard let value = try value() else { throw Changeset.damaged(SQLITE_CORRUPT) }
      values.append(value)
    }
    return values
  }

  mutating func byte() throws(SQLiteError) -> UInt8 {
    guard position < bytes.count else { throw Changeset.damaged(SQLITE_CORRUPT) }
    position += 1
    return bytes[position - 1]
  }

  /// The next `count` bytes.
  mutating func take(_ count: Int) throws(SQLiteError) -> UnsafeRawBufferPointer.SubSequence {
    guard count <= bytes.count - position else { throw Changeset.damaged(SQLITE_CORRUPT) }
    position += count
    return bytes[(position - count)..<position]
  }

  /// The bytes of a text or a blob: their count, a varint, then them.
  /// - Throws: `SQLiteError`: `.tooBig` for more bytes than SQLite makes a value of (its length
  ///   limit: 1,000,000,000 bytes, the default and Debian's build), whose iterator would read it as
  ///   NULL and no statement could bind; `.corrupt` for bytes that are not there.
  private mutating func counted() throws(SQLiteError) -> UnsafeRawBufferPointer.SubSequence {
    let count = try varint()
    guard count <= Self.longestValue else { throw Changeset.damaged(SQLITE_TOOBIG) }
    return try take(count)
  }

  /// SQLite's length limit (`SQLITE_MAX_LENGTH`), in bytes.
  private static let longestValue = 1_000_000_000

  /// The next 8 bytes, a big-endian number.
  private mutating func bigEndian() throws(SQLiteError) -> UInt64 {
    guard 8 <= bytes.count - position else { throw Changeset.damaged(SQLITE_CORRUPT) }
    defer { position += 8 }
    return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
  }

  /// SQLite's varint: 7 bits a byte, the most significant first, while the high bit is set; a
  /// ninth byte counts all 8 bits. A value past `Int.max` reads as `Int.max`, which no count of
  /// bytes reaches.
  mutating func varint() throws(SQLiteError) -> Int {
    var value: UInt64 = 0
    for _ in 0..<8 {
      let byte = try byte()
      value = value << 7 | UInt64(byte & 0x7F)
      if byte < 0x80 { return Int(clamping: value) }
    }
    return Int(clamping: value << 8 | UInt64(try byte()))
  }
}
