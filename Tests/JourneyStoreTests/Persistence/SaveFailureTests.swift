import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// A failed save leaves the file as it was and the journeys at their last saved values.
@Suite("Save failures")
struct SaveFailureTests {
  private struct Setup {
    let folder: TemporaryFolder
    let database: JourneyDatabase
    let first: Journey
    let second: Journey

    init(busyTimeout: Duration = .seconds(5)) throws {
      folder = try TemporaryFolder()
      database = try Fixtures.database(in: folder, busyTimeout: busyTimeout)
      first = try database.add(Journey(name: "First", transportationType: .car, duration: 100))
      second = try database.add(Journey(name: "Second", transportationType: .bus, duration: 200))
    }

    /// Edits both journeys, one of them with `duration` (which may be invalid).
    func editBoth(duration: TimeInterval = 300) {
      first.name = "First, edited"
      second.transportationType = .lightRail
      second.duration = duration
    }

    func expectUnchanged() throws {
      #expect(first.name == "First")
      #expect(second.transportationType == .bus)
      #expect(second.duration == 200)
      #expect(!database.hasChanges)
      #expect(try Fixtures.row(first.id, in: database.path)?[0] == .text("First"))
      let row = try #require(try Fixtures.row(second.id, in: database.path))
      #expect(row[1] == .text("bus"))
      #expect(row[3] == .real(200))
      #expect(try Fixtures.changes(in: database.path).allSatisfy { $0.kind == "insert" })
    }
  }

  @Test func aCheckConstraintFailureRestoresEverything() throws {
    let setup = try Setup()
    setup.editBoth(duration: -5)
    let seen = Mutex<[TimeInterval]>([])
    let second = setup.second
    withObservationTracking { _ = second.duration } onChange: { seen.withLock { $0.append(-1) } }

    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    #expect(error.kind == .constraint)
    #expect(error.message.contains("CHECK constraint failed"))
    #expect(error.sql?.contains("UPDATE journey SET transportation_type = ?2, duration = ?3") == true, "\(error)")
    #expect(seen.withLock { $0.count } == 1)
    try setup.expectUnchanged()
  }

  @Test func aLockHeldPastTheBusyTimeoutRestoresEverything() throws {
    let setup = try Setup(busyTimeout: .milliseconds(150))
    let other = try Fixtures.connection(to: setup.database)
    try other.execute("BEGIN IMMEDIATE")
    setup.editBoth()
    let started = ContinuousClock.now
    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    #expect(error.kind == .busy)
    #expect(ContinuousClock.now - started >= .milliseconds(140))
    try other.execute("ROLLBACK")
    try setup.expectUnchanged()
    // Once the lock is gone, the same edits save.
    setup.editBoth()
    try setup.database.save()
    #expect(try Fixtures.row(setup.second.id, in: setup.database.path)?[1] == .text("light-rail"))
  }

  @Test func aFullDatabaseRestoresEverything() throws {
    let setup = try Setup()
    let pages = try setup.database.connection.pragma("page_count")
    try setup.database.connection.execute("PRAGMA max_page_count = \(pages + 2)")
    setup.editBoth()
    setup.first.name = String(repeating: "a journey too long for the disk ", count: 10_000)
    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    #expect(error.kind == .full)
    #expect(setup.first.name == "First")
    try setup.expectUnchanged()
  }

  @Test func aReadOnlyDatabaseRestoresEverything() throws {
    let setup = try Setup()
    let readOnly = try JourneyDatabase(path: setup.database.path, configuration: .init(isReadOnly: true))
    let journey = try #require(try readOnly.journey(id: setup.first.id))
    journey.name = "Cannot be written"
    let error = try #require(throws: SQLiteError.self) { try readOnly.save() }
    #expect(error.kind == .readOnly)
    #expect(journey.name == "First")
    try setup.expectUnchanged()
  }
}
