import Foundation
import Testing
@testable import JourneyStore

/// The database holds managed journeys as an identity map does: one object per id while someone
/// holds it, let go when nobody does, and held on to while it has unsaved edits.
@Suite("The identity map")
struct IdentityMapTests {
  @Test func aJourneyNobodyHoldsIsLetGoAndAHeldOneStaysTheSame() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = try database.add(Journey(name: "Kept by nobody")).id
    weak var released: Journey?
    do {
      let journey = try #require(try database.journey(id: id))
      released = journey
      #expect(try database.journey(id: id) === journey, "the same object while it is held")
    }
    #expect(released == nil, "the database alone does not keep it alive")
    #expect(try database.journey(id: id)?.name == "Kept by nobody")
  }

  @Test func anEditedJourneyIsHeldUntilSavedEvenWhenTheCallerLetsGo() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = try database.add(Journey(name: "Before")).id
    weak var edited: Journey?
    do {
      let journey = try #require(try database.journey(id: id))
      journey.name = "Edited, then dropped"
      edited = journey
    }
    #expect(edited != nil, "held while it has an unsaved edit")
    #expect(database.hasChanges)
    try database.save()
    #expect(try Fixtures.row(id, in: database.path)?[0] == .text("Edited, then dropped"))
    #expect(edited == nil, "let go once saved")
  }

  @Test func fetchingManyJourneysKeepsOnlyThoseInUse() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: (0..<5_000).map { Journey(name: "Journey \($0)") })
    let kept = try database.journeys(JourneyQuery(limit: 10))
    for _ in 0..<4 {
      #expect(try database.journeys().count == 5_000)
    }
    // The journeys of each pass are let go; the map is trimmed as it grows.
    _ = try database.journeys(JourneyQuery(limit: 1))
    #expect(database.identityMap.count < 2 * 5_000 + 1_024)
    #expect(database.identityMap.heldCount <= kept.count + 1)
    #expect(try database.journeys(JourneyQuery(limit: 10)).elementsEqual(kept, by: ===))
  }

  /// An add of many journeys makes room for them in the map beforehand, and drops the entries of
  /// journeys let go then: the map stays as small as the journeys in use while adds come in.
  @Test @MainActor func addingManyJourneysInCodeKeepsOnlyThoseInUse() async throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    var kept: [Journey] = []
    for round in 0..<5 {
      kept = (0..<3_000).map { Journey(name: "Round \(round), journey \($0)") }
      try await database.add(contentsOf: kept)
    }
    #expect(try database.count() == 15_000)
    #expect(database.identityMap.count <= 2 * 3_000 + 1_024)
    #expect(database.identityMap.heldCount == kept.count)
    #expect(try database.journey(id: kept[42].id) === kept[42])
  }
}
