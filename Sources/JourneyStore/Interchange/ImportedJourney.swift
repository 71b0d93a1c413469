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
}
