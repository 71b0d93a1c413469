#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an import writes to one journey, as a dry run shows it before anything is written: a
/// new journey, or the fields of one in the database that change, each from its old value to
/// its new one.
public struct ImportedChange: Equatable, Sendable {
  /// The journey.
  public let journeyID: UUID
  /// Whether the import adds the journey (else it changes one in the database).
  public let isNew: Bool
  /// The journey's name once imported.
  public let name: String
  /// The fields that change, in the order of `JourneyField.all`; empty for a new journey.
  public let fields: [FieldChange]

  /// One field of a journey that an import changes.
  public struct FieldChange: Equatable, Sendable {
    public let field: JourneyField
    public let old: JourneyField.Value
    public let new: JourneyField.Value
  }
}

extension ImportedChange {
  /// The change of a journey from `old` to `new` in the fields `changed`.
  init(id: UUID, from old: JourneyValues?, to new: JourneyValues, changed: JourneyFieldSet) {
    journeyID = id
    isNew = old == nil
    name = new[.name].text ?? ""
    fields = old.map { old in
      changed.map { field in
        FieldChange(
          field: field, old: JourneyField.Value(fieldName: field.name, stored: old[field]),
          new: JourneyField.Value(fieldName: field.name, stored: new[field]))
      }
    } ?? []
  }
}
