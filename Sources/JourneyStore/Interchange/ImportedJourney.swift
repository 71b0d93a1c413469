#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One journey read from an import: its id (`nil` when the input gave none), its field values in
/// stored form in the order of `JourneyField.all`, and the line it starts on.
struct ImportedJourney {
  let line: Int
  let id: UUID?
  let values: JourneyValues
  /// The fields the record does not give, which the journey keeps (`ConflictPolicy.update`, a
  /// reader that accepts partial records); their values are `NULL`. Empty for a whole journey.
  var missingFields = JourneyFieldSet()
}
