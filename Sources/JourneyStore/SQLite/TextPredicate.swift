import CSQLite

/// A SQL function of two arguments that answers 1 or 0 from their UTF-8 bytes, defined on a
/// connection by `Connection.defineTextPredicate`: what SQLite's callback calls.
///
/// The second argument is the pattern: when it is a constant of the statement (a literal or a
/// bound parameter), it is prepared once per statement run and SQLite keeps the result
/// (`sqlite3_set_auxdata`) for every row.
final class TextPredicate {
  /// Answers for one row: the context and the two argument values SQLite hands the callback.
  let evaluate: (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>) -> Void

  init<Pattern>(
    prepare: @escaping (UnsafeBufferPointer<UInt8>) -> Pattern,
    test: @escaping (Pattern, UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    evaluate = { context, arguments in
      let pattern: Pattern
      if let kept = sqlite3_get_auxdata(context, 1) {
        pattern = Unmanaged<PreparedPattern<Pattern>>.fromOpaque(kept).takeUnretainedValue().pattern
      } else {
        pattern = Self.withText(of: arguments[1], prepare)
        let kept = Unmanaged.passRetained(PreparedPattern(pattern)).toOpaque()
        // SQLite releases it through the destructor, at once if it cannot keep it.
        sqlite3_set_auxdata(context, 1, kept) { Unmanaged<AnyObject>.fromOpaque($0!).release() }
      }
      sqlite3_result_int(context, Self.withText(of: arguments[0]) { test(pattern, $0) } ? 1 : 0)
    }
  }

  /// Hands `body` the UTF-8 bytes of an argument as SQLite converts it to text (none for NULL).
  private static func withText<Result>(
    of value: OpaquePointer?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let start = sqlite3_value_text(value)
    return body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_value_bytes(value))))
  }
}

/// A prepared pattern, as SQLite keeps it between the rows of one statement run.
private final class PreparedPattern<Pattern> {
  let pattern: Pattern

  init(_ pattern: Pattern) {
    self.pattern = pattern
  }
}
