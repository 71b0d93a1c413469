/// What an import does with a journey whose id is already in the database.
public enum ConflictPolicy: String, CaseIterable, Sendable {
  /// Stops the import, which then imports nothing.
  case fail
  /// Keeps the journey in the database and ignores the imported one.
  case skip
  /// Overwrites the journey in the database with the imported values (recorded as updates).
  case replace
}
