import CSQLite

extension Connection {
  /// Defines the collation `name` on this connection, for `ORDER BY … COLLATE name`: `compare`
  /// orders two texts by their UTF-8 bytes (any bytes, invalid UTF-8 included), answering less
  /// than, equal to or greater than 0. It must be a total order that never changes, or SQLite's
  /// sorts and indexes go wrong. The corresponding C function is `sqlite3_create_collation_v2`.
  /// - Throws: `SQLiteError` when SQLite refuses the definition.
  func defineCollation(
    _ name: String, _ compare: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int
  ) throws(SQLiteError) {
    let collation = Unmanaged.passRetained(Collation(compare)).toOpaque()
    // SQLite calls the destructor when the connection closes or the collation is replaced, and
    // at once when it fails here.
    let code = sqlite3_create_collation_v2(
      handle, name, SQLITE_UTF8, collation,
      { context, aCount, a, bCount, b in
        let collation = Unmanaged<Collation>.fromOpaque(context!).takeUnretainedValue()
        let x = UnsafeBufferPointer(start: a?.assumingMemoryBound(to: UInt8.self), count: Int(aCount))
        let y = UnsafeBufferPointer(start: b?.assumingMemoryBound(to: UInt8.self), count: Int(bCount))
        return Int32(clamping: collation.compare(x, y))
      },
      { Unmanaged<Collation>.fromOpaque($0!).release() })
    guard code == SQLITE_OK else { throw SQLiteError(connection: handle) }
  }
}

/// What `Connection.defineCollation(_:_:)` hands SQLite, kept alive by the connection.
private final class Collation {
  let compare: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int

  init(_ compare: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Int) {
    self.compare = compare
  }
}
