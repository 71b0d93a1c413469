extension Connection {
  /// The value of an integer pragma such as `user_version`, `data_version` or `cache_size`.
  ///
  /// `name` is interpolated into the statement (a pragma's name cannot be bound): callers pass
  /// literals only.
  func pragma(_ name: String) throws(SQLiteError) -> Int64 {
    try firstValue("PRAGMA \(name)")?.integer ?? 0
  }
}
