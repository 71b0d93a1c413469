import CSQLite

extension DatabaseValue {
  /// A value SQLite hands over as an `sqlite3_value` from the database (a changeset conflict's
  /// row), its text through `sqlite3_value_text`: UTF-8 whatever the database's encoding.
  init(_ value: OpaquePointer) {
    self.init(value) { sqlite3_value_text($0) }
  }

  /// A value a changeset holds (`sqlite3changeset_old`, `new`), whose text the session extension
  /// keeps as UTF-8 bytes without a terminating NUL: read where they lie, with
  /// `sqlite3_value_blob`. `sqlite3_value_text` would first copy each text into a new buffer to
  /// terminate it, a large part of reading a change (BENCHMARKS.md, P12).
  init(changesetValue value: OpaquePointer) {
    self.init(value) { sqlite3_value_blob($0)?.assumingMemoryBound(to: UInt8.self) }
  }

  /// A value whose text's UTF-8 bytes `text` finds, once its type is read (`sqlite3_value_blob`
  /// marks a text a blob too).
  private init(_ value: OpaquePointer, text: (OpaquePointer) -> UnsafePointer<UInt8>?) {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let start = text(value)
      self.init(
        text: UnsafeBufferPointer(
          start: start, count: start == nil ? 0 : Int(sqlite3_value_bytes(value))))
    case SQLITE_BLOB:
      let start = sqlite3_value_blob(value)
      self = .blob(
        start.map {
          Array(UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_value_bytes(value))))
        } ?? [])
    default: self = .null
    }
  }

  /// TEXT as SQLite holds it: `.text` when its bytes are UTF-8, else `.invalidText` (another
  /// program's bytes: as a String they would be replaced by U+FFFD).
  init(text bytes: UnsafeBufferPointer<UInt8>) {
    // ASCII (a type, most names) is UTF-8 as it is: `String(validating:)` looks up generic
    // metadata on every call, which cost more than the rest of reading a row (P2).
    if bytes.allSatisfy({ $0 < 0x80 }) {
      self = .text(String(decoding: bytes, as: UTF8.self))
    } else {
      self =
        String(validating: bytes, as: UTF8.self).map(DatabaseValue.text)
        ?? .invalidText(Array(bytes))
    }
  }
}
