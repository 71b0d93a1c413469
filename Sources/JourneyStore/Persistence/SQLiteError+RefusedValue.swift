extension SQLiteError {
  /// Why the journey table refused a value, in roadtrip's words where the constraint is
  /// roadtrip's own: an end past the calendar (`Schema.endBoundConstraint`) reads "end date after
  /// the year 9999", never SQLite's "CHECK constraint failed: journey_ends_before_10000"; any
  /// other refusal is SQLite's message.
  public var refusedValueDescription: String {
    guard extendedResultCode == .checkConstraint, message.hasSuffix(": " + Schema.endBoundConstraint) else {
      return message
    }
    return "end date after the year 9999"
  }
}
