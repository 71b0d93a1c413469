import Foundation
import Testing
import JourneyStore

/// A `Sendable` value of a journey's fields, handed to another actor and applied back where the
/// journey lives. The public API only, as a client package sees it.
@Suite("Journey snapshots")
struct JourneySnapshotTests {
  /// Another actor, which only a `Sendable` value can reach.
  actor Planner {
    func plan(_ journey: JourneySnapshot) -> JourneySnapshot {
      journey.with {
        $0.name += " (planned)"
        $0.duration *= 2
      }
    }
  }

  @MainActor
  @Test func aSnapshotCrossesToAnotherActorAndIsAppliedBack() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let journey = try await database.add(Journey(name: "Coast", transportationType: .bike, startDate: start, duration: 3600))
    let snapshot = journey.snapshot
    #expect(snapshot == JourneySnapshot(
      id: journey.id, name: "Coast", transportationType: .bike, startDate: start, duration: 3600))
    #expect(snapshot.endDate == journey.endDate)

    let planned = await Planner().plan(snapshot)
    #expect(!database.hasChanges)
    planned.apply(to: journey)
    #expect(journey.name == "Coast (planned)" && journey.duration == 7200)
    #expect(database.hasChanges)
    try await database.save()
    let stored = try #require(try JourneyDatabase(path: database.path).journey(id: journey.id))
    #expect(stored.snapshot == planned)
  }

  @Test func applyingEqualValuesIsNoEditAndMakeJourneyMakesANewOne() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let journey = try database.add(Journey(name: "Coast"))
    journey.snapshot.apply(to: journey)
    #expect(!database.hasChanges)

    let copy = journey.snapshot.with { $0.id = UUID() }.makeJourney()
    #expect(copy !== journey && copy.name == "Coast")
    try database.add(copy)
    #expect(try database.count() == 2)
    #expect(throws: JourneyValidationError.self) { try copy.snapshot.with { $0.duration = -1 }.validate() }
  }

  @Test func aSnapshotIsCodable() throws {
    let snapshot = JourneySnapshot(name: "Coast", transportationType: .hiredCar, duration: 90)
    let data = try JSONEncoder().encode(snapshot)
    #expect(try JSONDecoder().decode(JourneySnapshot.self, from: data) == snapshot)
  }
}
