#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One journey's change as a received file carries it, decoded once where the file is read
/// (`ReceivedChangeFile`) and checked there, before anything merges it: the journey (its id, a
/// lowercase UUID, as its 128 bits), and the change by field. A value this roadtrip does not
/// store (`JourneyField.accepts(received:)`: what the journey table refuses, text that is not
/// UTF-8, a text too long) is held back: the change does not set that field, so no register
/// takes it and no conflict names it, and the sync says so (`SyncSummary.heldBackValues`).
struct ReceivedChange: Equatable {
  /// The bits of the journey's id.
  let journey: JourneyKey
  /// The change, without the fields held back.
  let change: SyncChange
  /// The fields whose received values are held back.
  let heldBack: JourneyFieldSet

  /// The change `row` of the journey table, to the journey whose id's bits are `journey`.
  init(journey: JourneyKey, _ row: RowChange) {
    self.journey = journey
    let carried = SyncChange(row)
    var heldBack = JourneyFieldSet()
    for field in carried.carried where !field.accepts(received: carried.value(of: field)!) {
      heldBack.insert(field)
    }
    self.heldBack = heldBack
    change = heldBack.isEmpty ? carried : carried.holdingBack(heldBack)
  }

  /// The journey's id.
  var id: UUID { journey.id }
}
