/// One row's change, as a changeset holds it.
enum RowChange: Sendable, Hashable {
  /// A new row: every column's value.
  case insert([DatabaseValue])
  /// A changed row: for each column its old and new value, `nil` when the column is not part of
  /// the change; `old` holds the primary key too, `new` never does. Read without its old values
  /// (`Changeset.change(at:of:oldValuesOfUpdates:)`, for the sync's merge only), `old` is empty.
  case update(old: [DatabaseValue?], new: [DatabaseValue?])
  /// A removed row: every column's old value.
  case delete([DatabaseValue])
}
