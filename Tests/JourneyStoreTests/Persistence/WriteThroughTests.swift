import Foundation
import Synchronization
import Testing
@testable import JourneyStore

@Suite("Write-through bindings")
struct WriteThroughTests {
  @Test func eachWriteIsSavedAtOnce() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, origin: "editor")
    let journey = try database.add(Journey(transportationType: .car))
    let other = try database.add(Journey(name: "Other"))
    other.name = "Unsaved elsewhere"
    let failures = Mutex<[String]>([])
    let bindings = database.writeThrough(journey) { error in failures.withLock { $0.append("\(error)") } }

    let picker = bindings.transportationType
    for type in [TransportationType.bike, .bus, .lightRail] {
      picker.wrappedValue = type
      #expect(journey.transportationType == type)
      #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text(type.rawValue))
    }
    #expect(failures.withLock { $0 } == [])
    // Each write is its own batch; the other journey's unsaved edit was not written.
    #expect(try Fixtures.batchCount(in: database.path) == 5)
    #expect(try Fixtures.row(other.id, in: database.path)?[0] == .text("Other"))
    #expect(database.hasChanges)
  }

  @Test func aRefusedWriteSnapsBackAndIsReported() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(duration: 3600))
    let failures = Mutex<[SQLiteError.Kind]>([])
    let duration = database.writeThrough(journey) { error in
      failures.withLock { $0.append((error as? SQLiteError)?.kind ?? .other) }
    }.duration

    duration.wrappedValue = -60
    #expect(journey.duration == 3600)
    #expect(duration.wrappedValue == 3600)
    #expect(failures.withLock { $0 } == [.constraint])
    #expect(try Fixtures.row(journey.id, in: database.path)?[3] == .real(3600))
  }

  @Test func aWriteBlockedByAnotherProcessSnapsBackAndIsReported() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, busyTimeout: .milliseconds(100))
    let journey = try database.add(Journey(name: "Before"))
    let failures = Mutex<[SQLiteError.Kind]>([])
    let name = database.writeThrough(journey) { error in
      failures.withLock { $0.append((error as? SQLiteError)?.kind ?? .other) }
    }.name
    let other = try Fixtures.connection(to: database)
    try other.execute("BEGIN IMMEDIATE")

    name.wrappedValue = "Blocked"
    #expect(journey.name == "Before")
    #expect(failures.withLock { $0 } == [.busy])

    try other.execute("COMMIT")
    name.wrappedValue = "After"
    #expect(try Fixtures.row(journey.id, in: database.path)?[0] == .text("After"))
    #expect(failures.withLock { $0 }.count == 1)
  }
}
