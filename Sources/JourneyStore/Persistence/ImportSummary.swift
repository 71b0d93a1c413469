/// What an import did.
public struct ImportSummary: Equatable, Sendable {
  /// Journeys added.
  public var inserted = 0
  /// Journeys whose id was already taken, left as they were (`.skip`).
  public var skipped = 0
  /// Journeys whose id was already taken, overwritten with the imported values (`.replace`).
  public var replaced = 0
  /// Journeys whose id was already taken with exactly the imported values (`.replace`): nothing
  /// to write.
  public var unchanged = 0
  /// Journeys without an id identical to one already in the database or read before them,
  /// left out (`DuplicatePolicy.skip`).
  public var duplicates = 0
  /// For a dry run asked for them, what the import would write to the first journeys it
  /// writes, in the order of the input (`importJourneys(from:…previewing:)`); the others are
  /// counted by `inserted` and `replaced`.
  public var changes: [ImportedChange] = []

  /// Creates a summary; all counts are zero by default.
  public init(inserted: Int = 0, skipped: Int = 0, replaced: Int = 0, unchanged: Int = 0, duplicates: Int = 0) {
    self.inserted = inserted
    self.skipped = skipped
    self.replaced = replaced
    self.unchanged = unchanged
    self.duplicates = duplicates
  }

  /// Every journey read.
  public var total: Int {
    inserted + skipped + replaced + unchanged + duplicates
  }
}
