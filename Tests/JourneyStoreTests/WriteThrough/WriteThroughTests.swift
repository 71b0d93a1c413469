import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// Write-through bindings: each write visible at once, saved off the caller's thread in the
/// order written, as one field alone; refused writes snap back and are reported once. The other
/// programs here are real: the sqlite3 shell holding the lock or deleting the journey.
@Suite("Write-through bindings")
struct WriteThroughTests {
  /// A database on the sandbox's file and one of its journeys, managed.
  private static func open(_ sandbox: CLISandbox, busyTimeout: Duration = .seconds(5)) throws -> (JourneyDatabase, Journey) {
    let database = try JourneyDatabase(
      path: sandbox.databasePath, configuration: .init(busyTimeout: busyTimeout, origin: "editor"))
    let journey = try database.add(Journey(name: "Before", transportationType: .car, duration: 3600))
    return (database, journey)
  }

  @Test func eachWriteIsSavedAloneInTheOrderWritten() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, origin: "editor")
    let journey = try database.add(Journey(transportationType: .car))
    let other = try database.add(Journey(name: "Other"))
    other.name = "Unsaved elsewhere"
    journey.name = "Unsaved rename"
    let failures = Mutex<[String]>([])
    let bindings = database.writeThrough(journey) { error in failures.withLock { $0.append("\(error)") } }

    let picker = bindings.transportationType
    for type in [TransportationType.bike, .bus, .lightRail] {
      picker.wrappedValue = type
      #expect(journey.transportationType == type, "visible at once")
    }
    database.waitForPendingWrites()
    #expect(failures.withLock { $0 } == [])
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("light-rail"))
    // One batch a write, in order; the unsaved renames were not written.
    let changes = try Fixtures.changes(in: database.path).filter { $0.batch > 2 }
    #expect(changes.map(\.new) == [.text("bike"), .text("bus"), .text("light-rail")])
    #expect(try Fixtures.row(journey.id, in: database.path)?[0] == .text(""))
    #expect(try Fixtures.row(other.id, in: database.path)?[0] == .text("Other"))
    #expect(database.hasChanges)
    #expect(try database.refresh().isEmpty, "its own writes are not reported as others'")
  }

  @Test func aRefusedValueSnapsBackAndIsReportedOnce() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(duration: 3600))
    let failures = Mutex<[JourneyField.Rule?]>([])
    let duration = database.writeThrough(journey) { error in
      failures.withLock { $0.append((error as? JourneyValidationError)?.rule) }
    }.duration

    duration.wrappedValue = -60
    #expect(journey.duration == -60, "visible until the outcome is known")
    database.waitForPendingWrites()
    #expect(journey.duration == 3600)
    #expect(duration.wrappedValue == 3600)
    #expect(failures.withLock { $0 } == [.notNegative])
    database.waitForPendingWrites()
    #expect(failures.withLock { $0 }.count == 1)
    #expect(try Fixtures.row(journey.id, in: database.path)?[3] == .real(3600))
    #expect(!database.hasChanges)
  }

  @Test func aRefusedWriteDoesNotUndoALaterOneOfTheSameField() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(duration: 3600))
    let failures = Mutex(0)
    let duration = database.writeThrough(journey) { _ in failures.withLock { $0 += 1 } }.duration

    duration.wrappedValue = -1
    duration.wrappedValue = 900
    database.waitForPendingWrites()
    #expect(failures.withLock { $0 } == 1)
    #expect(journey.duration == 900)
    #expect(try Fixtures.row(journey.id, in: database.path)?[3] == .real(900))
    #expect(!database.hasChanges)
  }

  @Test func theSetterReturnsAtOnceWhileAnotherProcessHoldsTheLock() async throws {
    let sandbox = try CLISandbox()
    // A busy timeout long enough for a loaded machine to release the lock within it.
    let (database, journey) = try Self.open(sandbox, busyTimeout: .seconds(60))
    journey.name = "Unsaved rename"
    let failures = Mutex<[String]>([])
    let duration = database.writeThrough(journey) { error in failures.withLock { $0.append("\(error)") } }.duration
    let observed = Mutex(false)
    withObservationTracking { _ = journey.duration } onChange: { observed.withLock { $0 = true } }
    let holder = try await LockHolder(.sqlite3Shell, on: sandbox.databasePath, in: sandbox.folder)

    let started = ContinuousClock.now
    duration.wrappedValue = 5400
    let setter = ContinuousClock.now - started
    #expect(setter < .milliseconds(500), "the busy timeout is 60 s; the setter took \(setter)")
    #expect(journey.duration == 5400)
    #expect(observed.withLock { $0 })

    try await Task.sleep(for: .milliseconds(100))
    try await holder.release()
    await database.waitForPendingWrites()
    #expect(failures.withLock { $0 } == [])
    let row = try #require(try Fixtures.row(journey.id, in: database.path))
    #expect(row[3] == .real(5400))
    #expect(row[0] == .text("Before"), "the other field's unsaved edit stays unsaved")
    #expect(journey.name == "Unsaved rename")
    #expect(database.hasChanges)
  }

  @Test func aWriteBlockedPastTheBusyTimeoutSnapsBackThatFieldAlone() async throws {
    let sandbox = try CLISandbox()
    let (database, journey) = try Self.open(sandbox, busyTimeout: .milliseconds(200))
    journey.name = "Unsaved rename"
    let failures = Mutex<[SQLiteError.Kind]>([])
    let duration = database.writeThrough(journey) { error in
      failures.withLock { $0.append((error as? SQLiteError)?.kind ?? .other) }
    }.duration
    let holder = try await LockHolder(.sqlite3Shell, on: sandbox.databasePath, in: sandbox.folder)

    duration.wrappedValue = 60
    await database.waitForPendingWrites()
    #expect(failures.withLock { $0 } == [.busy])
    #expect(journey.duration == 3600, "snapped back")
    #expect(journey.name == "Unsaved rename", "another field's unsaved edit stays")
    try await holder.release()

    duration.wrappedValue = 120
    await database.waitForPendingWrites()
    #expect(failures.withLock { $0 }.count == 1)
    let row = try #require(try Fixtures.row(journey.id, in: database.path))
    #expect(row[3] == .real(120))
    #expect(row[0] == .text("Before"))
  }

  @Test func aWriteToAJourneyDeletedMeanwhileIsReported() async throws {
    let sandbox = try CLISandbox()
    let (database, journey) = try Self.open(sandbox)
    let failures = Mutex<[String]>([])
    let name = database.writeThrough(journey) { error in failures.withLock { $0.append("\(error)") } }.name
    let deleted = try await sandbox.sqlite3("DELETE FROM journey WHERE id = '\(journey.id.uuidString.lowercased())'")
    deleted.expectSuccess()

    name.wrappedValue = "Too late"
    await database.waitForPendingWrites()
    #expect(failures.withLock { $0 }.count == 1)
    #expect(failures.withLock { $0 }.first?.contains(journey.id.uuidString.lowercased()) == true, "\(failures.withLock { $0 })")
    #expect(try Fixtures.row(journey.id, in: database.path) == nil)
  }

  @Test func aReaderOfTheLogThatMeetsAWriteFirstTakesItAsItsOwn() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Before"))
    let name = database.writeThrough(journey) { _ in }.name
    name.wrappedValue = "After"
    // Saved, but its outcome not taken: `refresh()` reads the batch from the log first.
    database.writeThroughQueue?.waitUntilIdle()
    #expect(try database.refresh().isEmpty)
    #expect(journey.name == "After")
    #expect(!database.hasChanges)
    #expect(try database.undo()?.fields == [.name])
    #expect(journey.name == "Before")
  }

  @MainActor @Test func outcomesReachTheOwningActorByThemselves() async throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try await database.add(Journey(duration: 3600))
    var failures: [any Error] = []
    let duration = database.writeThrough(journey) { failures.append($0) }.duration
    duration.wrappedValue = -1
    // The wait ends as soon as the failure arrives; the bound is only a guard against a hang (a
    // full run on a loaded 2-core machine starved the main actor past 20 s once).
    let deadline = ContinuousClock.now + .seconds(180)
    while failures.isEmpty && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(failures.count == 1)
    #expect(journey.duration == 3600)
  }
}
