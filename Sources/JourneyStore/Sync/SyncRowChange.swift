/// One row's change in a change file's body, as a SQLite changeset holds it: the journey table's
/// columns in order (`id`, then `JourneyField.all`'s).
enum SyncRowChange: Equatable {
  /// A new row: every column's value.
  case insert([DatabaseValue])
  /// Some columns changed: `old` holds the id and the old value of each changed column, `new`
  /// the new values; `nil` is a column not in the change.
  case update(old: [DatabaseValue?], new: [DatabaseValue?])
  /// A removed row: every column's last value.
  case delete([DatabaseValue])

  /// The journey's id, as text.
  var journey: DatabaseValue {
    switch self {
    case .insert(let values), .delete(let values): values[0]
    case .update(let old, _): old[0] ?? .null
    }
  }
}
