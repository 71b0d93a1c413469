#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyChange {
  /// The changes one row of the log makes, as the batch `batch` applies it: an insert, or one
  /// change for each field an update or delete recorded. The row's columns are those of
  /// `ChangeLog.rowColumns`.
  static func changes(of batch: ChangeLog.BatchRecord, row: Statement) -> [JourneyChange] {
    guard let journeyID = row.withText(at: 1, { UUID(text: $0) }),
      var kind = Kind(rawValue: row.text(at: 2))
    else { return [] }
    let rowID = row.integer(at: 0)
    var old = { (index: Int) in row.value(at: Int32(3 + 2 * index)) }
    var new = { (index: Int) in row.value(at: Int32(4 + 2 * index)) }
    if batch.isInverted {
      switch kind {
      case .insert: kind = .delete
      case .delete: kind = .insert
      case .update: break
      }
      swap(&old, &new)
    }
    let write = batch.isInverted ? -rowID : rowID
    func change(_ field: Int?, _ old: DatabaseValue, _ new: DatabaseValue) -> JourneyChange {
      let described = field.map { JourneyField.all[$0] }
      return JourneyChange(
        id: ID(batch: batch.id, write: write, field: field ?? 0), date: batch.date, origin: batch.origin,
        batchKind: batch.kind, journeyID: journeyID, kind: kind, field: described,
        oldValue: described.flatMap { old == .null ? nil : JourneyField.Value(fieldName: $0.name, stored: old) },
        newValue: described.flatMap { new == .null ? nil : JourneyField.Value(fieldName: $0.name, stored: new) })
    }
    guard kind != .insert else { return [change(nil, .null, .null)] }
    let changes = JourneyField.all.indices.compactMap { index in
      let (old, new) = (old(index), new(index))
      return old == .null && new == .null ? nil : change(index, old, new)
    }
    // A delete whose values the log does not hold is still a delete.
    return changes.isEmpty && kind == .delete ? [change(nil, .null, .null)] : changes
  }
}
