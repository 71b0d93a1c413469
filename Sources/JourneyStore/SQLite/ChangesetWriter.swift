import CSQLite

/// Writes a changeset's bytes as SQLite's session extension lays them out: a table header (`T`,
/// the column count, a flag per column for the primary key, the name and a NUL), then each
/// change (its operation, an "indirect" flag, then the old record, the new record or both).
///
/// A record holds one value per column: a type byte (0 for a column not part of the change,
/// then 1 INTEGER, 2 REAL, 3 TEXT, 4 BLOB, 5 NULL), then 8 big-endian bytes for a number, or a
/// varint length and the bytes for text and blobs.
struct ChangesetWriter {
  private(set) var bytes: [UInt8] = []
}

extension ChangesetWriter {
  /// Starts the changes of a table.
  mutating func appendHeader(of table: ChangesetTable) {
    bytes.append(UInt8(ascii: "T"))
    appendVarint(UInt64(table.columns.count))
    for column in table.columns.indices {
      bytes.append(column < table.primaryKeyColumns ? 1 : 0)
    }
    bytes.append(contentsOf: table.name.utf8)
    bytes.append(0)
  }

  /// Appends one change of the table whose header was appended last.
  mutating func append(_ change: RowChange) {
    switch change {
    case .insert(let values):
      appendOperation(SQLITE_INSERT)
      for value in values { append(value) }
    case .update(let old, let new):
      appendOperation(SQLITE_UPDATE)
      for value in old { append(value) }
      for value in new { append(value) }
    case .delete(let values):
      appendOperation(SQLITE_DELETE)
      for value in values { append(value) }
    }
  }

  private mutating func appendOperation(_ operation: Int32) {
    bytes.append(UInt8(operation))
    bytes.append(0)  // not indirect
  }

  /// Appends one value of a record; `nil` is a column that is not part of the change.
  mutating func append(_ value: DatabaseValue?) {
    switch value {
    case nil: bytes.append(0)
    case .integer(let integer)?:
      bytes.append(UInt8(SQLITE_INTEGER))
      appendBigEndian(UInt64(bitPattern: integer))
    case .real(let real)? where !real.isNaN:
      bytes.append(UInt8(SQLITE_FLOAT))
      appendBigEndian(real.bitPattern)
    case .text(var text)?:
      bytes.append(UInt8(SQLITE_TEXT))
      text.withUTF8 { appendCounted($0) }
    case .invalidText(let text)?:
      bytes.append(UInt8(SQLITE_TEXT))
      text.withUnsafeBufferPointer { appendCounted($0) }
    case .blob(let blob)?:
      bytes.append(UInt8(SQLITE_BLOB))
      blob.withUnsafeBufferPointer { appendCounted($0) }
    // SQLite stores a NaN as NULL, and reads a NaN in a changeset as NULL.
    case .null?, .real?:
      bytes.append(UInt8(SQLITE_NULL))
    }
  }

  private mutating func appendBigEndian(_ value: UInt64) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }

  private mutating func appendCounted(_ content: UnsafeBufferPointer<UInt8>) {
    appendVarint(UInt64(content.count))
    bytes.append(contentsOf: content)
  }

  /// Appends SQLite's varint: 7 bits a byte, the most significant first, every byte but the last
  /// with its high bit set (for values under 2^56, which every length is).
  private mutating func appendVarint(_ value: UInt64) {
    var shift = 49
    while shift > 0 && value >> UInt64(shift) == 0 { shift -= 7 }
    while shift > 0 {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)) | 0x80)
      shift -= 7
    }
    bytes.append(UInt8(truncatingIfNeeded: value) & 0x7F)
  }
}
