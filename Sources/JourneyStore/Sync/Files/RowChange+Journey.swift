/// A change of the journey table as change files carry it (`ChangesetTable.journey`: the id,
/// then each field's column): made from a journey's id and values here, and read back by field
/// (`SyncChange.init(_:)`), so that no other file of sync counts columns.
extension RowChange {
  /// The insert of the journey `id` with its `values`.
  static func inserting(journey id: DatabaseValue, _ values: JourneyValues) -> RowChange {
    .insert([id] + values.stored)
  }

  /// The delete of the journey `id`, which held `values`.
  static func deleting(journey id: DatabaseValue, _ values: JourneyValues) -> RowChange {
    .delete([id] + values.stored)
  }

  /// The update of the journey `id`'s `fields`, each from its `old` value to its `new` one; the
  /// other fields are not part of it.
  static func updating(
    journey id: DatabaseValue, _ fields: JourneyFieldSet,
    old: (JourneyField) -> DatabaseValue, new: (JourneyField) -> DatabaseValue
  ) -> RowChange {
    .update(
      old: [id] + JourneyField.all.map { fields.contains($0) ? old($0) : nil },
      new: [nil] + JourneyField.all.map { fields.contains($0) ? new($0) : nil })
  }

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
