#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OutgoingBatches {
  /// Every journey as one batch of inserts, in the order of the table: what a replica sends at
  /// its first sync (the log may have been pruned).
  func everyJourney() throws -> Batch {
    var changes: [RowChange] = []
    try JourneyTable(connection: connection).forEachStoredRow { id, values in
      changes.append(.inserting(journey: id, values))
    }
    return Batch(
      id: 0, date: Date(), origin: "every journey at the first sync", kind: "command",
      changes: changes)
  }
}
