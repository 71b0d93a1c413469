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

extension Connection {
  /// Defines the deterministic SQL function `name(text)` on this connection: the text `transform`
  /// writes for the argument's bytes, as SQLite converts the value to text (NULL as no bytes; any
  /// bytes, invalid UTF-8 included). `transform` appends to an empty buffer, which is reused from
  /// one row to the next. The corresponding C function is `sqlite3_create_function_v2`.
  /// - Throws: `SQLiteError` when SQLite refuses the definition.
  func defineTextFunction(
    _ name: String, _ transform: @escaping (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
  ) throws(SQLiteError) {
    let function = Unmanaged.passRetained(TextFunction(transform)).toOpaque()
    // SQLite calls the destructor when the connection closes, and at once when it fails here.
    let code = sqlite3_create_function_v2(
      handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, function,
      { context, _, arguments in
        guard let context, let arguments, let function = sqlite3_user_data(context) else { return }
        Unmanaged<TextFunction>.fromOpaque(function).takeUnretainedValue().evaluate(context, arguments[0])
      },
      nil, nil,
      { Unmanaged<TextFunction>.fromOpaque($0!).release() })
    guard code == SQLITE_OK else { throw SQLiteError(connection: handle) }
  }
}

/// A SQL function of one text argument that answers text, defined on a connection by
/// `Connection.defineTextFunction`: what SQLite's callback calls, with the buffer it writes into.
/// SQLite calls it on the connection's thread only.
private final class TextFunction {
  let transform: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
  private var buffer: [UInt8] = []

  init(_ transform: @escaping (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) {
    self.transform = transform
  }

  /// Answers for one row: SQLite copies the result before the buffer is used again.
  func evaluate(_ context: OpaquePointer, _ argument: OpaquePointer?) {
    let start = sqlite3_value_text(argument)
    let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_value_bytes(argument)))
    buffer.removeAll(keepingCapacity: true)
    transform(bytes, &buffer)
    buffer.withUnsafeBytes { result in
      guard let start = result.baseAddress, !result.isEmpty else { return sqlite3_result_text(context, "", 0, nil) }
      sqlite3_result_text(context, start.assumingMemoryBound(to: CChar.self), Int32(result.count), transient)
    }
  }
}
