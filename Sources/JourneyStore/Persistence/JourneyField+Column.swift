extension JourneyField {
  /// The column of the `journey` table that stores the field (and, prefixed with `old_` and
  /// `new_`, the change log's columns of its values).
  var column: String {
    Self.columns[index]
  }

  /// The journey table's field columns, in the order of `JourneyField.all`.
  private static let columns = ["name", "transportation_type", "start_date", "duration"]
}
