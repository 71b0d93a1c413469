import CSQLite

extension DatabaseValue {
  /// A value SQLite hands over as an `sqlite3_value` (a changeset's, a function's argument).
  init(_ value: OpaquePointer) {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let start = sqlite3_value_text(value)
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
