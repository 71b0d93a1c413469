import CSQLite

extension Connection {
  /// Defines the deterministic SQL function `name(text, pattern)` on this connection: 1 when
  /// `test` holds for the pattern (made by `prepare` once per statement run when it is constant)
  /// and the text, else 0. Both arguments are read as SQLite converts values to text, NULL as
  /// no bytes; the bytes may be any, NUL and invalid UTF-8 included. The corresponding C
  /// function is `sqlite3_create_function_v2`.
  /// - Throws: `SQLiteError` when SQLite refuses the definition.
  func defineTextPredicate<Pattern>(
    _ name: String,
    prepare: @escaping (UnsafeBufferPointer<UInt8>) -> Pattern,
    test: @escaping (Pattern, UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(SQLiteError) {
    let predicate = Unmanaged.passRetained(TextPredicate(prepare: prepare, test: test)).toOpaque()
    // SQLite calls the destructor when the connection closes, and at once when it fails here.
    let code = sqlite3_create_function_v2(
      handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, predicate,
      { context, _, arguments in
        guard let context, let arguments, let predicate = sqlite3_user_data(context) else { return }
        Unmanaged<TextPredicate>.fromOpaque(predicate).takeUnretainedValue().evaluate(context, arguments)
      },
      nil, nil,
      { Unmanaged<TextPredicate>.fromOpaque($0!).release() })
    guard code == SQLITE_OK else { throw SQLiteError(connection: handle) }
  }
}
