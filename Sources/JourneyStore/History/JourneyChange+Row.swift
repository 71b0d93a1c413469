#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyChange {
  /// The change on the row a statement of `ChangeQuery.sql` is positioned on, or `nil` when the
  /// row is not one this version writes.
  init?(row: Statement) {
    guard
      let batchKind = BatchKind(rawValue: row.text(at: 4)),
      let journeyID = row.withText(at: 5, { UUID(text: $0) }),
      let kind = Kind(rawValue: row.text(at: 6))
    else { return nil }
    let field = JourneyField.exactlyNamed(row.text(at: 7))
    guard (field == nil) == (kind == .insert) else { return nil }
    self.init(
      id: row.integer(at: 0), batch: row.integer(at: 1),
      date: Date(timeIntervalSinceReferenceDate: row.double(at: 2)), origin: row.text(at: 3),
      batchKind: batchKind, journeyID: journeyID, kind: kind, field: field,
      oldValue: field.flatMap { Self.value(of: $0, at: 8, in: row) },
      newValue: field.flatMap { Self.value(of: $0, at: 9, in: row) })
  }

  private static func value(of field: JourneyField, at column: Int32, in row: Statement) -> JourneyField.Value? {
    let stored = row.value(at: column)
    return stored == .null ? nil : JourneyField.Value(fieldName: field.name, stored: stored)
  }
}
