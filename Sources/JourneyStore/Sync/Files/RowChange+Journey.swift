extension RowChange {
  /// The journey a change of the journey table is to: its id, as stored.
  var journey: DatabaseValue {
    switch self {
    case .insert(let values), .delete(let values): values[0]
    case .update(let old, _): old.first.flatMap { $0 } ?? .null
    }
  }
}

extension ChangesetTable {
  /// The journey table as change files carry it: the id, then `JourneyField.all`'s columns.
  static let journey = ChangesetTable(
    name: "journey", columns: ["id"] + JourneyField.all.map(\.column), primaryKeyColumns: 1)
}
