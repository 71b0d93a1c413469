import Foundation
import Testing
@testable import JourneyStore

@Suite("The change log")
struct ChangeLogTests {
  @Test func recordsInsertsUpdatesAndDeletesWithTheirValues() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Logged", transportationType: .scooter, startDate: Fixtures.morning, duration: 900))
    try database.edit(journey.id) { $0.duration = 1800 }
    try database.delete(journey)
    let id = journey.id.uuidString.lowercased()
    let start = DatabaseValue.real(Fixtures.morning.timeIntervalSinceReferenceDate)

    #expect(try Fixtures.changes(in: database.path) == [
      .init(batch: 1, journey: id, kind: "insert", field: nil, old: .null, new: .null),
      .init(batch: 2, journey: id, kind: "update", field: "duration", old: .real(900), new: .real(1800)),
      .init(batch: 3, journey: id, kind: "delete", field: "name", old: .text("Logged"), new: .null),
      .init(batch: 3, journey: id, kind: "delete", field: "transportationType", old: .text("scooter"), new: .null),
      .init(batch: 3, journey: id, kind: "delete", field: "startDate", old: start, new: .null),
      .init(batch: 3, journey: id, kind: "delete", field: "duration", old: .real(1800), new: .null),
    ])
    #expect(try database.journey(id: journey.id) == nil)
    #expect(try Fixtures.row(journey.id, in: database.path) == nil)
  }

  /// SQLite gives a new row the largest rowid plus one: after the newest journey is deleted, the
  /// next insert takes its rowid again, and must still be logged as an insert.
  @Test func anInsertAfterDeletingTheNewestJourneyInTheSameBatchIsLogged() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let older = try database.add(Journey(name: "Older"))
    let newest = try database.add(Journey(name: "Newest"))
    let replacement = Journey(name: "Replacement")
    try database.writer.write { batch in
      try batch.delete(id: newest.id)
      try batch.insert(id: replacement.id, values: JourneyValues(readingUntracked: replacement))
    }
    let changes = try Fixtures.changes(in: database.path).filter { $0.batch == 3 }
    #expect(changes.map(\.kind) == ["delete", "delete", "delete", "delete", "insert"])
    #expect(changes.last?.journey == replacement.id.uuidString.lowercased())
    #expect(try database.journey(id: older.id) != nil)
    #expect(try database.undo() != nil)
    #expect(try database.journey(id: replacement.id) == nil)
    #expect(try database.journey(id: newest.id)?.name == "Newest")
  }

  /// An update by rowid (a sync's, from its scan of the table) checks that the row is the
  /// journey named: a rowid of another journey finds none and changes nothing.
  @Test func anUpdateByTheRowidOfAnotherJourneyFindsNone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let first = try database.add(Journey(name: "First"))
    let second = try database.add(Journey(name: "Second"))
    var rowids: [Int64] = []
    try Connection(path: database.path, busyTimeout: .seconds(1)).forEachRow(
      "SELECT rowid FROM journey ORDER BY rowid"
    ) { rowids.append($0.integer(at: 0)) }
    let old = JourneyValues(readingUntracked: first)
    var new = old
    new[.name] = .text("Renamed")
    #expect(throws: JourneyDatabaseError.self) {
      try database.writer.write { batch in try batch.update(id: first.id, rowid: rowids[1], from: old, to: new) }
    }
    // The rows as the file holds them (a batch writes around the managed journeys).
    #expect(try Fixtures.row(first.id, in: database.path)?.first == .text("First"))
    #expect(try Fixtures.row(second.id, in: database.path)?.first == .text("Second"))
    #expect(try Fixtures.changes(in: database.path).count == 2)
    try database.writer.write { batch in try batch.update(id: first.id, rowid: rowids[0], from: old, to: new) }
    #expect(try Fixtures.row(first.id, in: database.path)?.first == .text("Renamed"))
    #expect(try Fixtures.changes(in: database.path).last?.new == .text("Renamed"))
  }

  @Test func batchesHaveATimeAndAnOrigin() throws {
    let folder = try TemporaryFolder()
    let before = Date().timeIntervalSinceReferenceDate
    try Fixtures.database(in: folder, origin: "roadtrip add 'Coast road'").add(Journey(name: "Coast road"))
    let after = Date().timeIntervalSinceReferenceDate
    var batches: [(Double, String)] = []
    try Connection(path: folder.file("journeys.sqlite"), busyTimeout: .seconds(1)).forEachRow("SELECT at, origin FROM batch") {
      batches.append(($0.double(at: 0), $0.text(at: 1)))
    }
    #expect(batches.count == 1)
    #expect((before...after).contains(batches[0].0))
    #expect(batches[0].1 == "roadtrip add 'Coast road'")
  }

  @Test func deletingManyIsAllOrNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<3).map { Journey(name: "\($0)") }
    try database.add(contentsOf: journeys)
    #expect(throws: JourneyDatabaseError.self) { try database.delete(ids: [journeys[0].id, UUID()]) }
    #expect(try database.count() == 3)
    try database.delete(ids: journeys.map(\.id))
    #expect(try database.count() == 0)
    #expect(try Fixtures.batchCount(in: database.path) == 2)
  }

  @Test func aDuplicateIDIsRefusedAndNothingIsInserted() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let existing = try database.add(Journey(name: "Existing"))
    let batch = [Journey(name: "New"), Journey(id: existing.id, name: "Impostor")]
    #expect(throws: JourneyDatabaseError.duplicateID(existing.id)) { try database.add(contentsOf: batch) }
    #expect(try database.count() == 1)
    #expect(try database.journey(id: batch[0].id) == nil)
    #expect(try Fixtures.changes(in: database.path).count == 1)
  }
}
