/// What an import does with a journey whose id is already in the database.
public enum ConflictPolicy: String, CaseIterable, Sendable {
  /// Stops the import, which then imports nothing.
  case fail
  /// Keeps the journey in the database and ignores the imported one.
  case skip
  /// Overwrites the journey in the database with the imported values (recorded as updates).
  case replace
  /// Changes the fields the input gives and leaves the others: a record may leave out fields
  /// (`JourneyReader.Options.acceptsPartialRecords`) when its id is in the database. A whole
  /// record is imported as under `replace`.
  case update
}
