import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// Live lists follow the file and the values the caller sees: local changes at once, other
/// programs' commits (the sqlite3 shell) after `refresh()`.
@Suite("Live lists")
struct LiveJourneysTests {
  /// A database with three journeys: two by bike, one by car, an hour apart.
  private static func database(in folder: TemporaryFolder) throws -> (JourneyDatabase, [Journey]) {
    let database = try Fixtures.database(in: folder)
    let journeys = [
      Journey(name: "First ride", transportationType: .bike, startDate: Fixtures.morning, duration: 600),
      Journey(name: "Drive", transportationType: .car, startDate: Fixtures.morning + 3_600, duration: 600),
      Journey(name: "Second ride", transportationType: .bike, startDate: Fixtures.morning + 7_200, duration: 600),
    ]
    try database.add(contentsOf: journeys)
    return (database, journeys)
  }

  /// Whether reading `journeys` is followed by a change notification when `body` runs.
  private static func notifies(_ list: LiveJourneys, _ body: () throws -> Void) rethrows -> Bool {
    let fired = Mutex(false)
    withObservationTracking { _ = list.journeys } onChange: { fired.withLock { $0 = true } }
    try body()
    return fired.withLock { $0 }
  }

  @Test func followsLocalChangesAtOnceAndUnsavedEditsByTheValuesTheCallerSees() throws {
    let folder = try TemporaryFolder()
    let (database, journeys) = try Self.database(in: folder)
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    #expect(bikes.journeys.map(\.name) == ["First ride", "Second ride"])
    #expect(bikes.journeys[0] === journeys[0], "the managed objects themselves")

    // An unsaved edit takes a journey out of the filter; rollback brings it back.
    #expect(Self.notifies(bikes) { journeys[0].transportationType = .bus })
    #expect(bikes.journeys.map(\.name) == ["Second ride"])
    #expect(Self.notifies(bikes) { database.rollback() })
    #expect(bikes.journeys.map(\.name) == ["First ride", "Second ride"])

    // An unsaved edit brings one in, in the order of the values it holds now.
    journeys[1].transportationType = .bike
    journeys[1].startDate = Fixtures.morning - 60
    #expect(bikes.journeys.map(\.name) == ["Drive", "First ride", "Second ride"])
    try database.save()
    #expect(bikes.journeys.map(\.name) == ["Drive", "First ride", "Second ride"])

    // Adds, deletes, undo and redo.
    #expect(try Self.notifies(bikes) { try database.add(Journey(name: "Late ride", transportationType: .bike, startDate: Fixtures.morning + 9_000)) })
    #expect(bikes.journeys.map(\.name) == ["Drive", "First ride", "Second ride", "Late ride"])
    #expect(try Self.notifies(bikes) { try database.delete(journeys[2]) })
    #expect(bikes.journeys.map(\.name) == ["Drive", "First ride", "Late ride"])
    #expect(try Self.notifies(bikes) { try database.undo() })
    #expect(bikes.journeys.map(\.name) == ["Drive", "First ride", "Second ride", "Late ride"])
    #expect(bikes.journeys[2] === journeys[2], "brought back by undo as the same object")
  }

  @Test func fetchesAgreeWithTheirFilterAndLimit() throws {
    let folder = try TemporaryFolder()
    let (database, journeys) = try Self.database(in: folder)
    journeys[0].transportationType = .car  // unsaved
    let bikes = try database.journeys(JourneyQuery(transportationTypes: [.bike]))
    #expect(bikes.allSatisfy { $0.transportationType == .bike })
    #expect(bikes.map(\.name) == ["Second ride"])
    let firstTwo = try database.journeys(JourneyQuery(limit: 2))
    #expect(firstTwo.map(\.name) == ["First ride", "Drive"])
    journeys[2].startDate = Fixtures.morning - 1  // unsaved: now the first
    #expect(try database.journeys(JourneyQuery(limit: 2)).map(\.name) == ["Second ride", "First ride"])
    let window = database.liveJourneys(JourneyQuery(limit: 1))
    #expect(window.journeys.map(\.name) == ["Second ride"])
  }

  @Test func followsTheSqlite3ShellAfterRefresh() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let cars = database.liveJourneys(JourneyQuery(transportationTypes: [.car]))
    let before = cars.journeys.map(\.id.uuidString)
    #expect(before.map { $0.lowercased() } == [SampleJourneys.coastID])

    for sql in [
      "UPDATE journey SET transportation_type = 'car' WHERE id = '\(SampleJourneys.ferryID)'",
      "INSERT INTO journey VALUES ('cccc4444-0000-4000-8000-000000000004', 'Shell car', 'car', 0, 60)",
      "DELETE FROM journey WHERE id = '\(SampleJourneys.coastID)'",
    ] {
      let result = try await sandbox.sqlite3(sql)
      result.expectSuccess()
    }
    #expect(try Self.notifies(cars) { try database.refresh() })
    #expect(Set(cars.journeys.map { $0.id.uuidString.lowercased() })
      == [SampleJourneys.ferryID, "cccc4444-0000-4000-8000-000000000004"])
    #expect(cars.journeys.allSatisfy { $0.transportationType == .car })
  }

  /// A value another program stored that the model cannot hold reaches a managed journey as no
  /// change: the journey does not read as edited, and a save writes nothing over it.
  @Test func aValueTheModelCannotHoldIsNeverSavedBackOver() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let id = try #require(UUID(uuidString: SampleJourneys.coastID))
    let journey = try #require(try database.journey(id: id))
    let shell = try await sandbox.sqlite3("""
      PRAGMA ignore_check_constraints = ON;
      UPDATE journey SET transportation_type = 'rocket' WHERE id = '\(SampleJourneys.coastID)';
      """)
    shell.expectSuccess()
    try database.refresh()
    #expect(!database.hasChanges)
    journey.name = "Renamed"
    try await database.save()
    let row = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
      .firstValue("SELECT transportation_type || '|' || name FROM journey WHERE id = ?", [.text(SampleJourneys.coastID)])
    #expect(row == .text("rocket|Renamed"))
  }

  @Test func anObserverThatReadsAtOnceSeesTheChangeOnItsNextRead() throws {
    let folder = try TemporaryFolder()
    let (database, journeys) = try Self.database(in: folder)
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    // Observation calls onChange before the change: an observer that reads there (to register
    // again, as a render loop does) must not leave the list taken for fresh.
    let reads = Mutex(0)
    func observe() {
      withObservationTracking { _ = bikes.journeys } onChange: {
        reads.withLock { $0 += 1 }
      }
    }
    observe()
    journeys[0].transportationType = .bus
    #expect(reads.withLock { $0 } == 1)
    _ = bikes.journeys.count  // the read an observer makes at once
    #expect(bikes.journeys.map(\.name) == ["Second ride"])
    journeys[2].transportationType = .car
    #expect(bikes.journeys.isEmpty)
  }

  @Test func editedJourneysKeepTheirPlaceAmongTiesAsTheSQLOrdersThem() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let same = Fixtures.morning
    // Ties of a sort fall by id: the ids in the order of the names.
    func id(_ digit: Int) -> UUID { UUID(uuidString: "00000000-0000-4000-8000-00000000000\(digit)")! }
    let (a, b) = (Journey(id: id(1), name: "A", transportationType: .bike, startDate: same), Journey(id: id(2), name: "B", transportationType: .car, startDate: same))
    let (c, d) = (Journey(id: id(3), name: "C", transportationType: .bike, startDate: same), Journey(id: id(4), name: "D", transportationType: .bike, startDate: same))
    try database.add(contentsOf: [a, b, c, d])
    a.name = "A, renamed"  // unsaved: still first among equal start dates
    #expect(try database.journeys(JourneyQuery(limit: 1)).map(\.name) == ["A, renamed"])
    b.transportationType = .bike  // unsaved: in by its place in the file's order
    #expect(try database.journeys(JourneyQuery(transportationTypes: [.bike], sortedBy: [], limit: 2)).map(\.name)
      == ["A, renamed", "B"])
  }
}
