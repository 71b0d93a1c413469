import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// What another process commits reaches the managed journeys of this one, and their observers.
@Suite("Outside changes")
struct OutsideChangeTests {
  @Test func refreshAppliesAnotherConnectionsCommitsAndObserversFire() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "Shared", transportationType: .car))
    let gone = try mine.add(Journey(name: "Soon deleted"))
    let fired = Mutex(0)
    withObservationTracking { _ = journey.transportationType } onChange: { fired.withLock { $0 += 1 } }

    let theirs = try Fixtures.database(in: folder, origin: "theirs")
    try theirs.edit(journey.id) { $0.transportationType = .bike }
    try theirs.delete(ids: [gone.id])
    #expect(journey.transportationType == .car)  // nothing changes behind the model's back

    let changes = try mine.refresh()
    #expect(changes.map(\.kind) == [.update, .delete, .delete, .delete, .delete])
    #expect(changes.first?.origin == "theirs" && changes.first?.field == .transportationType)
    #expect(changes.first?.oldValue?.description == "car" && changes.first?.newValue?.description == "bike")
    #expect(journey.transportationType == .bike)
    #expect(fired.withLock { $0 } == 1)
    #expect(try mine.journey(id: gone.id) == nil)
    #expect(!mine.hasChanges)
    #expect(try mine.refresh().isEmpty)
  }

  @Test func anUnsavedEditSurvivesARefreshAndThenWins() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "Mine", duration: 60))
    journey.name = "Edited here"
    try Fixtures.database(in: folder).edit(journey.id) { $0.name = "Edited there"; $0.duration = 120 }
    try mine.refresh()
    #expect(journey.name == "Edited here" && journey.duration == 120)
    try mine.save()
    #expect(try Fixtures.row(journey.id, in: mine.path)?[0] == .text("Edited here"))
  }

  @Test func anOlderOutsideChangeNeverLandsOnANewerOwnOne() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "a"))
    try Fixtures.database(in: folder, origin: "theirs").edit(journey.id) { $0.name = "b" }
    try mine.edit(journey.id) { $0.name = "c" }
    #expect(try mine.refresh().map(\.origin) == ["theirs"])
    #expect(journey.name == "c")
    try mine.undo()
    try mine.refresh()
    #expect(journey.name == "b")
    #expect(try Fixtures.row(journey.id, in: mine.path)?[0] == .text("b"))
  }

  @Test func aJourneyDeletedElsewhereAndBroughtBackIsTheSameObjectAgain() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "Kept"))
    let theirs = try Fixtures.database(in: folder, origin: "theirs")
    try theirs.delete(ids: [journey.id])
    try mine.refresh()
    #expect(try mine.journey(id: journey.id) == nil)
    try theirs.undo()
    try mine.refresh()
    #expect(try mine.journey(id: journey.id) === journey)
    journey.name = "Edited after coming back"
    #expect(mine.hasChanges)
    try mine.save()
    #expect(try Fixtures.row(journey.id, in: mine.path)?[0] == .text("Edited after coming back"))
  }

  @Test func waitForCommitWakesOnAnotherProcesssCommit() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "Watched"))
    let monitor = DatabaseMonitor(path: mine.path)
    #expect(monitor.fileDescriptor >= 0)
    #expect(try !mine.waitForCommit(using: monitor, timeout: .milliseconds(50)))

    // A real second process: python3 (which CI has), knowing nothing of roadtrip: the journey
    // table's triggers put its change in the log.
    let writer = try Child("/usr/bin/env", ["python3", "-c", """
      import sqlite3, time, sys
      time.sleep(0.2)
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      db.execute("UPDATE journey SET name = 'Seen' WHERE id = ?", (sys.argv[2],))
      db.execute("COMMIT")
      """, mine.path, journey.id.lowercasedText])
    let started = ContinuousClock.now
    #expect(try mine.waitForCommit(using: monitor, timeout: .seconds(10)))
    #expect(started.duration(to: .now) < .seconds(5))
    _ = try writer.finishBlocking()
    #expect(try mine.refresh().map(\.origin) == ["outside roadtrip"])
    #expect(journey.name == "Seen")
  }

  @Test func historyListsChangesNewestFirstAndFindsDeletedJourneysByPrefix() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Logged"))
    try database.edit(journey.id) { $0.name = "Renamed" }
    try database.delete(journey)
    let prefix = String(journey.id.lowercasedText.prefix(6))
    #expect(try database.resolveIDInHistory(prefix) == journey.id)
    let changes = try database.changes(ChangeQuery(journeyID: journey.id))
    #expect(changes.map(\.kind) == [.delete, .delete, .delete, .delete, .update, .insert])
    #expect(changes[4].oldValue?.description == "Logged" && changes[4].newValue?.description == "Renamed")
    #expect(try database.changes(ChangeQuery(limit: 2)).map(\.id) == changes.prefix(2).map(\.id))
  }
}
