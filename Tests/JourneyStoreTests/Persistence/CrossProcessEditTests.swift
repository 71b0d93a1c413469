import Foundation
import Testing
@testable import JourneyStore

/// Two databases on one file stand for two processes: each has its own SQLite connection.
@Suite("Edits that are safe across processes")
struct CrossProcessEditTests {
  @Test func twoWritersOfDifferentFieldsBothKeepTheirChange() throws {
    let folder = try TemporaryFolder()
    let id = try Fixtures.database(in: folder).add(Journey(name: "Shared", transportationType: .car, duration: 60)).id
    let one = try Fixtures.database(in: folder, origin: "one")
    let two = try Fixtures.database(in: folder, origin: "two")
    // Both loaded the journey before either wrote.
    let seenByOne = try #require(try one.journey(id: id))
    let seenByTwo = try #require(try two.journey(id: id))

    seenByOne.transportationType = .bike
    try one.save()
    seenByTwo.duration = 120
    try two.save()
    try one.edit(id) { Bindable($0).name.wrappedValue = "Renamed by one" }
    try two.edit(id) { journey in try JourneyField.startDate.assign("2026-11-21T08:00:00Z", to: journey) }

    let row = try #require(try Fixtures.row(id, in: folder.file("journeys.sqlite")))
    #expect(row == [.text("Renamed by one"), .text("bike"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(120)])
    // The managed journeys took in what their own edits committed.
    #expect(seenByOne.name == "Renamed by one")
    #expect(seenByTwo.startDate == Fixtures.morning)
  }

  @Test func anEditReadsFreshUnderTheWriteLock() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("journeys.sqlite")
    let id = try await Fixtures.database(in: folder).add(Journey(duration: 0)).id
    let first = try Fixtures.database(in: folder)

    // While the first edit holds the write lock, a second writer starts its own read-modify-write;
    // it must wait, then read the first one's result, so that neither increment is lost.
    let secondWriter = Task.detached {
      try await Task.sleep(for: .milliseconds(50))
      let second = try JourneyDatabase(path: path)
      try await second.edit(id) { $0.duration += 60 }
    }
    try await first.edit(id) { journey in
      journey.duration += 60
      Thread.sleep(forTimeInterval: 0.3)
    }
    try await secondWriter.value
    #expect(try Fixtures.row(id, in: path)?[3] == .real(120))
    #expect(try Fixtures.changes(in: path).filter { $0.kind == "update" }.map(\.new) == [.real(60), .real(120)])
  }

  @Test func anEditKeepsTheManagedJourneysUnsavedEdits() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Old", duration: 10))
    journey.name = "Unsaved"
    try database.edit(journey.id) { $0.duration = 20 }
    #expect(journey.duration == 20)
    #expect(journey.name == "Unsaved")
    #expect(database.hasChanges)
    try database.save()
    #expect(try Fixtures.row(journey.id, in: database.path)?[0] == .text("Unsaved"))
  }

  @Test func aFailingEditWritesNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = [Journey(name: "A", duration: 1), Journey(name: "B", duration: 2)]
    try database.add(contentsOf: journeys)
    let missing = UUID()
    #expect(throws: JourneyDatabaseError.journeyNotFound(missing.uuidString.lowercased())) {
      try database.edit(ids: [journeys[0].id, missing]) { $0.duration = 99 }
    }
    #expect(throws: JourneyInputError.negativeDuration("-1")) {
      try database.edit(ids: journeys.map(\.id)) { journey in
        journey.name = "Changed"
        try JourneyField.duration.assign("-1", to: journey)
      }
    }
    #expect(try journeys.map { try Fixtures.row($0.id, in: database.path)?[3] } == [.real(1), .real(2)])
    #expect(journeys.map(\.name) == ["A", "B"])
    #expect(try Fixtures.batchCount(in: database.path) == 1)
  }

  @Test func anEditThatChangesNothingLeavesNoHistory() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(transportationType: .bike))
    try database.edit(journey.id) { Bindable($0).transportationType.wrappedValue = .bike }
    #expect(try Fixtures.batchCount(in: database.path) == 1)
  }

  @Test func aBatchEditIsOneTransactionAndOneBatch() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, origin: "roadtrip transport - bike")
    let journeys = (0..<50).map { Journey(name: "\($0)", transportationType: .car) }
    try database.add(contentsOf: journeys)
    try database.edit(ids: journeys.map(\.id)) { try JourneyField.named("transport").assign("Bike", to: $0) }
    let updates = try Fixtures.changes(in: database.path).filter { $0.kind == "update" }
    #expect(updates.count == 50)
    #expect(Set(updates.map(\.batch)).count == 1)
    #expect(journeys.allSatisfy { $0.transportationType == .bike })
  }
}
