import Foundation
import Testing
import JourneyStore

/// `close()` lets go of the file: what becomes of live lists, managed journeys and pending edits,
/// and every later call throws `JourneyDatabaseError.closed` rather than crash. The public API
/// only, as a client package sees it.
@Suite("Closing a database")
struct ClosingTests {
  private static func open(_ folder: TemporaryFolder) throws -> JourneyDatabase {
    try JourneyDatabase(path: folder.file("journeys.sqlite"), configuration: .init(origin: "the app"))
  }

  private static func expectClosed(_ body: () throws -> Void) {
    #expect(throws: JourneyDatabaseError.closed(path: "")) {
      do {
        try body()
      } catch JourneyDatabaseError.closed {
        throw JourneyDatabaseError.closed(path: "")
      }
    }
  }

  @Test func afterCloseJourneysAndListsStayAsTheyWereAndEveryCallThrows() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let saved = try database.add(Journey(name: "Saved", transportationType: .bike))
    let edited = try database.add(Journey(name: "Edited", transportationType: .bike))
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike], sortedBy: [.ascending(.name)]))
    #expect(bikes.journeys.map(\.name) == ["Edited", "Saved"])
    edited.name = "Edited, not saved"

    let discarded = database.close()
    #expect(discarded.map(\.id) == [edited.id])
    #expect(database.isClosed)
    #expect(!database.hasChanges)
    #expect(edited.name == "Edited, not saved", "the object keeps its values")
    #expect(bikes.journeys.map(\.id).count == 2)
    #expect(bikes.lastError as? JourneyDatabaseError == .closed(path: database.path))

    // An edit after close is nobody's: no list changes, and nothing is written.
    saved.transportationType = .car
    #expect(bikes.journeys.count == 2)
    database.rollback()
    #expect(database.close().isEmpty, "closing twice does nothing")

    Self.expectClosed { try database.save() }
    Self.expectClosed { _ = try database.journeys() }
    Self.expectClosed { _ = try database.journey(id: saved.id) }
    Self.expectClosed { _ = try database.count() }
    Self.expectClosed { try database.add(Journey(name: "Late")) }
    Self.expectClosed { try database.edit(saved.id) { $0.name = "x" } }
    Self.expectClosed { try database.delete(saved) }
    Self.expectClosed { _ = try database.undo() }
    Self.expectClosed { _ = try database.refresh() }
    Self.expectClosed { _ = try database.changes() }
    Self.expectClosed { _ = try database.outsideChanges() }
    Self.expectClosed { _ = try database.schemaVersion }
    Self.expectClosed { _ = try database.checkIntegrity() }
    Self.expectClosed { try database.backup(to: folder.file("copy.sqlite")) }
    #expect(!database.isFileReplaced)
    #expect(database.liveJourneys().journeys.isEmpty)

    // The file holds what was saved, nothing else; another database reads it.
    let reopened = try Self.open(folder)
    #expect(try reopened.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map(\.name) == ["Edited", "Saved"])
    #expect(try reopened.journey(id: saved.id)?.transportationType == .bike)
  }

  @Test func writeThroughWritesMadeBeforeCloseAreSavedAndLaterOnesRefused() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let journey = try database.add(Journey(name: "Commute", duration: 600))
    var failures: [any Error] = []
    let bindings = database.writeThrough(journey, isolation: nil) { failures.append($0) }
    bindings.duration.wrappedValue = 900
    database.close()
    #expect(try Self.open(folder).journey(id: journey.id)?.duration == 900)
    bindings.name.wrappedValue = "Too late"
    #expect(failures.count == 1)
    #expect(failures.first as? JourneyDatabaseError == .closed(path: database.path))
    #expect(try Self.open(folder).journey(id: journey.id)?.name == "Commute")
  }

  @MainActor
  @Test func asyncCallsThrowAndAFollowingTaskEnds() async throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    try await database.add(Journey(name: "One"))
    let following = Task { @MainActor in try await database.follow() }
    try await Task.sleep(for: .milliseconds(50))
    database.close()
    try await following.value   // ends by itself, without an error
    do {
      _ = try await database.undo()
      Issue.record("an undo after close")
    } catch let error as JourneyDatabaseError {
      #expect(error == .closed(path: database.path))
    }
    do {
      _ = try await database.importJourneys(from: JourneyReader(text: "", format: .ndjson))
      Issue.record("an import after close")
    } catch let error as JourneyDatabaseError {
      #expect(error == .closed(path: database.path))
    }
    #expect(try Self.open(folder).count() == 1)
  }

  /// The file is let go: another program can take an exclusive lock at once, which an open
  /// connection in WAL mode (its shared-memory lock) would prevent.
  @Test func theFileIsLetGo() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    try database.add(Journey(name: "One"))
    _ = try database.journeys()
    database.close()
    try OtherProgram.expectExclusiveLock(on: database.path)
  }
}
