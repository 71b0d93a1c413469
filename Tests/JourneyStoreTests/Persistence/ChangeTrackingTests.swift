import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

@Suite("Change tracking and saving")
struct ChangeTrackingTests {
  @Test func savingWritesOnlyTheEditedFields() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Before", transportationType: .car, startDate: Fixtures.morning, duration: 60))
    #expect(!database.hasChanges)

    Bindable(journey).transportationType.wrappedValue = .bike
    #expect(database.hasChanges)
    // Another process changes a field this one did not edit: saving must keep that change.
    try Fixtures.connection(to: database).run("UPDATE journey SET name = 'Renamed elsewhere'")
    try database.save()

    #expect(!database.hasChanges)
    let row = try #require(try Fixtures.row(journey.id, in: database.path))
    #expect(row == [.text("Renamed elsewhere"), .text("bike"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(60)])
    // The log has the other process's rename (an outside batch) and then the save's own batch.
    let changes = try Fixtures.changes(in: database.path)
    #expect(changes.filter { $0.kind == "update" }.map(\.field) == ["name", "transportationType"])
    let updates = changes.filter { $0.batch == changes.last?.batch }
    #expect(updates.map(\.field) == ["transportationType"])
    #expect(updates.first?.old == .text("car"))
    #expect(updates.first?.new == .text("bike"))
  }

  @Test func anEditUndoneBeforeSavingIsNoChange() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Same"))
    journey.name = "Different"
    journey.name = "Same"
    #expect(!database.hasChanges)
    let batches = try Fixtures.batchCount(in: database.path)
    try database.save()
    #expect(try Fixtures.batchCount(in: database.path) == batches)
  }

  @Test func theTrackerKnowsOnlyTheEditedJourneys() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: (0..<2_000).map { Journey(name: "Journey \($0)") })
    let reopened = try Fixtures.database(in: folder)
    let journeys = try reopened.journeys()
    #expect(journeys.count == 2_000)
    journeys[10].duration = 1
    journeys[1_500].name = "Edited"
    journeys[1_500].name = "Edited again"
    #expect(Set(reopened.identityMap.tracker.takeEdited().keys) == [journeys[10].id, journeys[1_500].id])
  }

  @Test func editsAfterASaveAreTrackedAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(duration: 10))
    for duration in [20.0, 30, 40] {
      Bindable(journey).duration.wrappedValue = duration
      #expect(database.hasChanges)
      try database.save()
      #expect(!database.hasChanges)
      #expect(try Fixtures.row(journey.id, in: database.path)?[3] == .real(duration))
    }
    #expect(try Fixtures.changes(in: database.path).filter { $0.kind == "update" }.map(\.new) == [.real(20), .real(30), .real(40)])
  }

  @Test func oneSaveIsOneBatch() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, origin: "roadtrip set")
    let journeys = (0..<3).map { Journey(name: "\($0)") }
    try database.add(contentsOf: journeys)
    for journey in journeys {
      journey.name += " edited"
      journey.duration += 1
    }
    try database.save()
    let changes = try Fixtures.changes(in: database.path)
    #expect(changes.filter { $0.kind == "insert" }.count == 3)
    #expect(changes.filter { $0.kind == "update" }.count == 6)
    #expect(Set(changes.filter { $0.kind == "update" }.map(\.batch)).count == 1)
    #expect(try Fixtures.batchCount(in: database.path) == 2)
    let origin = try Fixtures.connection(to: database).firstValue("SELECT DISTINCT origin FROM batch")
    #expect(origin == .text("roadtrip set"))
  }

  @Test func rollbackRestoresSavedValuesAndObserversSeeIt() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(transportationType: .bus, duration: 600))
    journey.transportationType = .scooter
    journey.duration = 5

    let seen = Mutex(0)
    withObservationTracking { _ = journey.transportationType } onChange: { seen.withLock { $0 += 1 } }
    database.rollback()

    #expect(seen.withLock { $0 } == 1)
    #expect(journey.transportationType == .bus)
    #expect(journey.duration == 600)
    #expect(!database.hasChanges)
    journey.duration = 700
    #expect(database.hasChanges)
  }

  @Test func savingAJourneyDeletedElsewhereFailsAndKeepsTheEdit() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Doomed"))
    try Fixtures.connection(to: database).run("DELETE FROM journey")
    journey.name = "Too late"
    #expect(throws: JourneyDatabaseError.deletedElsewhere([journey.id])) { try database.save() }
    #expect(journey.name == "Too late")
    // The log has the insert and the other process's delete; the failed save wrote nothing.
    #expect(try Fixtures.changes(in: database.path).map(\.kind) == ["insert", "delete", "delete", "delete", "delete"])
  }
}
