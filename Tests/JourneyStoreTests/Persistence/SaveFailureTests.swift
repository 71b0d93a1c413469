import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// A failed save leaves the file as it was and keeps the edits it could not write, unsaved (as
/// SwiftData does): a retry once the cause is gone saves them, `rollback()` discards them.
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

    /// The file holds what it held before the edits, and the log has only the inserts.
    func expectFileUnchanged() throws {
      #expect(try Fixtures.row(first.id, in: database.path)?[0] == .text("First"))
      let row = try #require(try Fixtures.row(second.id, in: database.path))
      #expect(row[1] == .text("bus"))
      #expect(row[3] == .real(200))
      #expect(try Fixtures.changes(in: database.path).allSatisfy { $0.kind == "insert" })
    }

    /// The edits are still there, unsaved.
    func expectEditsKept(duration: TimeInterval = 300) {
      #expect(first.name == "First, edited")
      #expect(second.transportationType == .lightRail)
      #expect(second.duration == duration)
      #expect(database.hasChanges)
    }

    /// `rollback()` discards them.
    func expectRollbackRestores() {
      database.rollback()
      #expect(first.name == "First")
      #expect(second.transportationType == .bus)
      #expect(second.duration == 200)
      #expect(!database.hasChanges)
    }
  }

  @Test func aRefusedValueKeepsTheEdits() throws {
    let setup = try Setup()
    setup.editBoth(duration: -5)
    let error = try #require(throws: JourneyValidationError.self) { try setup.database.save() }
    #expect(error.field == .duration && error.rule == .notNegative)
    #expect(error.journeyID == setup.second.id)
    try setup.expectFileUnchanged()
    setup.expectEditsKept(duration: -5)
    // Fixing the bad value and saving again writes every edit.
    setup.second.duration = 300
    try setup.database.save()
    #expect(!setup.database.hasChanges)
    #expect(try Fixtures.row(setup.first.id, in: setup.database.path)?[0] == .text("First, edited"))
  }

  @Test func aLockHeldPastTheBusyTimeoutKeepsTheEditsForARetry() throws {
    let setup = try Setup(busyTimeout: .milliseconds(150))
    let other = try Fixtures.connection(to: setup.database)
    try other.execute("BEGIN IMMEDIATE")
    setup.editBoth()
    let started = ContinuousClock.now
    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    #expect(error.kind == .busy)
    #expect(ContinuousClock.now - started >= .milliseconds(140))
    try other.execute("ROLLBACK")
    try setup.expectFileUnchanged()
    setup.expectEditsKept()
    // Once the lock is gone, the same edits save, untouched.
    try setup.database.save()
    #expect(!setup.database.hasChanges)
    #expect(try Fixtures.row(setup.second.id, in: setup.database.path)?[1] == .text("light-rail"))
  }

  @Test func aFullDatabaseKeepsTheEdits() throws {
    let setup = try Setup()
    let pages = try setup.database.connection.pragma("page_count")
    try setup.database.connection.execute("PRAGMA max_page_count = \(pages + 2)")
    setup.editBoth()
    let long = String(repeating: "a journey too long for the disk ", count: 10_000)
    setup.first.name = long
    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    #expect(error.kind == .full)
    #expect(setup.first.name == long)
    try setup.expectFileUnchanged()
    setup.expectRollbackRestores()
  }

  @Test func aReadOnlyDatabaseKeepsTheEdits() throws {
    let setup = try Setup()
    let readOnly = try JourneyDatabase(path: setup.database.path, configuration: .init(isReadOnly: true))
    let journey = try #require(try readOnly.journey(id: setup.first.id))
    journey.name = "Cannot be written"
    let error = try #require(throws: SQLiteError.self) { try readOnly.save() }
    #expect(error.kind == .readOnly)
    #expect(journey.name == "Cannot be written")
    #expect(readOnly.hasChanges)
    try setup.expectFileUnchanged()
  }

  @Test func aFailedWriteThroughSnapsBackItsFieldAloneAndKeepsOtherEdits() throws {
    let setup = try Setup()
    setup.second.name = "Renamed, not saved"
    let failures = Mutex<[String]>([])
    let second = setup.second
    let bindings = setup.database.writeThrough(second) { error in failures.withLock { $0.append("\(error)") } }
    bindings.duration.wrappedValue = -1
    setup.database.waitForPendingWrites()
    #expect(second.duration == 200, "snapped back")
    #expect(failures.withLock { $0.count } == 1)
    #expect(second.name == "Renamed, not saved", "another field's unsaved edit stays")
    #expect(setup.database.hasChanges)

    // A write that saves writes its field alone: the rename stays unsaved.
    bindings.duration.wrappedValue = 900
    setup.database.waitForPendingWrites()
    let row = try #require(try Fixtures.row(second.id, in: setup.database.path))
    #expect(row[0] == .text("Second"))
    #expect(row[3] == .real(900))
    #expect(setup.database.hasChanges)
    setup.database.rollback()
    #expect(second.name == "Second")
    #expect(second.duration == 900)
  }

  /// Another process (the sqlite3 shell) deletes one of two edited journeys: the other's edit is
  /// saved, the deleted one's stays unsaved and the error names it.
  @Test func aJourneyDeletedElsewhereFailsOnlyItsOwnSave() async throws {
    let setup = try Setup()
    setup.editBoth()
    let shell = try await SQLiteShell.run(
      "DELETE FROM journey WHERE id = '\(setup.second.id.lowercasedText)'", on: setup.database.path,
      environment: ["PATH": "/usr/bin:/bin"], in: setup.folder)
    shell.expectSuccess()
    #expect(throws: JourneyDatabaseError.deletedElsewhere([setup.second.id])) { try setup.database.save() }
    #expect(try Fixtures.row(setup.first.id, in: setup.database.path)?[0] == .text("First, edited"))
    #expect(setup.second.transportationType == .lightRail)
    #expect(setup.database.hasChanges)
    // The next save saves nothing more, and names it again; a rollback ends it.
    #expect(throws: JourneyDatabaseError.deletedElsewhere([setup.second.id])) { try setup.database.save() }
    setup.database.rollback()
    #expect(!setup.database.hasChanges)
    try await setup.database.save()
  }

  /// A lock held by another connection: `save()` waits for the write-through writes in flight
  /// and for its own write within one busy timeout in all (it waited for each in turn before:
  /// four timeouts here).
  @Test func aSaveWaitsAtMostTheBusyTimeoutInAll() throws {
    let setup = try Setup(busyTimeout: .seconds(1))
    let other = try Fixtures.connection(to: setup.database)
    try other.execute("BEGIN IMMEDIATE")
    let bindings = setup.database.writeThrough(setup.first) { _ in }
    for duration in [400.0, 500, 600] { bindings.duration.wrappedValue = duration }
    setup.second.name = "Saved later"
    let started = ContinuousClock.now
    let error = try #require(throws: SQLiteError.self) { try setup.database.save() }
    let waited = started.duration(to: .now)
    #expect(error.kind == .busy)
    #expect(waited < .milliseconds(2500), "\(waited)")
    try other.execute("ROLLBACK")
    setup.database.waitForPendingWrites()
    try setup.database.save()
    #expect(try Fixtures.row(setup.second.id, in: setup.database.path)?[0] == .text("Saved later"))
  }
}
