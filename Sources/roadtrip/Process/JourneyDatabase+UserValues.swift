import JourneyStore

extension JourneyDatabase {
  /// Runs a write of values the user gave, so that a value the database refuses (a CHECK
  /// constraint) is reported as the user's mistake (`CommandError.refusedValue`, exit code 64)
  /// rather than as a failure of roadtrip.
  @discardableResult
  func writingUserValues<T>(_ body: (JourneyDatabase) throws -> T) throws -> T {
    do {
      return try body(self)
    } catch let error as SQLiteError where error.kind == .constraint {
      throw CommandError.refusedValue(message: error.refusedValueDescription)
    }
  }
}
