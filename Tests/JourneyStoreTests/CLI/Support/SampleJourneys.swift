import Foundation
import JourneyStore

/// Three journeys with fixed ids: two share the prefix `aaaa`, so that it is ambiguous.
enum SampleJourneys {
  static let coastID = "aaaa1111-0000-4000-8000-000000000001"
  static let runID = "aaaa2222-0000-4000-8000-000000000002"
  static let ferryID = "bbbb3333-0000-4000-8000-000000000003"

  /// 2026-11-21T08:00:00Z.
  static let morning = Date(timeIntervalSince1970: 1_795_248_000)

  /// New journey objects each time: a database takes ownership of the ones it is given.
  static var all: [Journey] {
    [
      Journey(
        id: UUID(uuidString: coastID)!, name: "Coast road", transportationType: .car, startDate: morning,
        duration: 5400),
      Journey(
        id: UUID(uuidString: runID)!, name: "Morning run", transportationType: .walkOrRun,
        startDate: morning.addingTimeInterval(-91_800), duration: 1800),
      Journey(
        id: UUID(uuidString: ferryID)!, name: "Ferry, \"the big one\"", transportationType: .bus,
        startDate: morning.addingTimeInterval(100_800), duration: 600.5),
    ]
  }

  /// The ids in start-date order: the run (the 20th), the coast road (the 21st), the ferry (the 22nd).
  static let idsByStart = [runID, coastID, ferryID]
}
