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

extension SyncChange {
  /// The change a row change of the journey table (`ChangesetTable.journey`: the id, then each
  /// field's column) makes, by field: where the columns' positions are read, and nowhere else.
  init(_ row: RowChange) {
    switch row {
    case .insert(let values):
      self.init(.insert, carrying: .all) { values[$0.index + 1] }
    case .delete(let values):
      self.init(.delete, carrying: .all) { values[$0.index + 1] }
    case .update(_, let new):
      var carried = JourneyFieldSet()
      for field in JourneyField.all where new[field.index + 1] != nil { carried.insert(field) }
      self.init(.update, carrying: carried) { new[$0.index + 1]! }
    }
  }
}
