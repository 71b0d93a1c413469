#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyChange {
  /// The changes one row of the log makes, as the batch `batch` applies it (`ChangeLog.Row`, read
  /// the right way round): an insert, or one change for each field an update or delete recorded.
  static func changes(of batch: ChangeLog.BatchRecord, row: ChangeLog.Row) -> [JourneyChange] {
    func change(_ field: JourneyField?) -> JourneyChange {
      JourneyChange(
        id: ID(batch: batch.id, write: row.write, field: field?.index ?? 0), date: batch.date,
        origin: batch.origin, batchKind: batch.kind, journeyID: row.journeyID, kind: row.kind, field: field,
        oldValue: field.flatMap { value(of: $0, row.before[$0]) },
        newValue: field.flatMap { value(of: $0, row.after[$0]) })
    }
    guard row.kind != .insert else { return [change(nil)] }
    let changes = row.fields.map { change($0) }
    // A delete whose values the log does not hold is still a delete.
    return changes.isEmpty && row.kind == .delete ? [change(nil)] : changes
  }

  /// A field's value as a change shows it, `nil` for none.
  private static func value(of field: JourneyField, _ stored: DatabaseValue) -> JourneyField.Value? {
    stored == .null ? nil : JourneyField.Value(fieldName: field.name, stored: stored)
  }
}
