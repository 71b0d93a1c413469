import Foundation
import Testing
@testable import JourneyStore

/// A large insert is logged as a range of rowids (`Schema.version7`), a small one row by row;
/// every reader of the log reads both alike, and a range names exactly the journeys its batch
/// inserted however the rowids are used after it.
@Suite("The log's ranges of inserts")
struct InsertRangeTests {
  /// Imports `count` journeys with fresh ids, returns them in the file's order and the batch.
  static func importJourneys(_ count: Int, into database: JourneyDatabase, name: String = "Imported") throws
    -> (ids: [UUID], batch: Int64) {
    let ids = (0..<count).map { _ in UUID() }
    let lines = ids.enumerated().map { index, id in
      #"{"id":"\#(id.lowercasedText)","name":"\#(name) \#(index)","transportationType":"bike","#
        + #""startDate":"2026-11-21T08:00:00Z","duration":\#(index)}"#
    }
    _ = try database.importJourneys(from: JourneyReader(text: lines.joined(separator: "\n") + "\n", format: .ndjson))
    let batch = try #require(try database.connection.firstValue("SELECT max(id) FROM batch")?.integer)
    return (ids, batch)
  }

  /// The journeys a batch's history lists as inserted, in its order.
  static func inserted(by batch: Int64, in database: JourneyDatabase) throws -> [UUID] {
    try database.changes(ChangeQuery(batch: batch, isNewestFirst: false)).filter { $0.kind == .insert }.map(\.journeyID)
  }

  static func count(_ sql: String, in database: JourneyDatabase) throws -> Int64 {
    try database.connection.firstValue(sql)?.integer ?? -1
  }

  @Test func aLargeImportIsOneRangeAndASmallOneARowPerJourney() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let small = try Self.importJourneys(5, into: database, name: "Small")
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0)
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(small.batch)", in: database) == 5)

    let large = try Self.importJourneys(3_000, into: database)
    #expect(try Self.count("SELECT count(*) FROM change_range WHERE batch = \(large.batch)", in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(large.batch)", in: database) == 1)
    // Both read as a row per journey, in the order of the file, with increasing places.
    #expect(try Self.inserted(by: small.batch, in: database) == small.ids)
    #expect(try Self.inserted(by: large.batch, in: database) == large.ids)
    let changes = try database.changes(ChangeQuery(batch: large.batch, isNewestFirst: false))
    #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.id < $1.id })
    // Newest first, and a journey's own history, find the range too.
    #expect(try database.changes(ChangeQuery(batch: large.batch)).map(\.journeyID) == large.ids.reversed())
    let journey = large.ids[1_234]
    #expect(try database.changes(ChangeQuery(journeyID: journey)).map(\.batch) == [large.batch])
    #expect(try database.checkIntegrity().isSound)
  }

  @Test func theRangeNamesItsJourneysAfterTheyAreDeletedAndTheirRowidsGivenAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(Journey(name: "Before"))
    let imported = try Self.importJourneys(2_000, into: database)
    // The last imported journeys go (SQLite gives their rowids again), new ones come.
    try database.delete(ids: imported.ids.suffix(3))
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0)
    let added = (0..<3).map { Journey(name: "Added \($0)") }
    try database.add(contentsOf: added)
    #expect(try Self.count("SELECT max(rowid) FROM journey", in: database) == 2_001)

    #expect(try Self.inserted(by: imported.batch, in: database) == imported.ids)
    for journey in added {
      #expect(try !database.changes(ChangeQuery(journeyID: journey.id)).contains { $0.batch == imported.batch })
    }
    // Undone in order, the import deletes exactly its journeys, and comes back exactly.
    #expect(try database.undo()?.deleted == 3)
    #expect(try database.undo()?.inserted == 3)
    #expect(try database.undo()?.deleted == 2_000)
    #expect(try database.journeys().map(\.name) == ["Before"])
    #expect(try database.redo()?.inserted == 2_000)
    #expect(Set(try database.journeys().map(\.id)) == Set(imported.ids).union([try #require(database.journeys().first { $0.name == "Before" }?.id)]))
    #expect(try database.checkIntegrity().isSound)
  }

  @Test func anotherProgramsDeleteResolvesTheRangeAndItsInsertsReuseNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(2_000, into: database)
    let last = imported.ids.suffix(2).map(\.lowercasedText)
    try SQLiteShell.runBlocking("DELETE FROM journey WHERE id IN ('\(last[0])', '\(last[1])')", on: database.path)
      .expectSuccess("sqlite3")
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0)
    let newID = UUID().lowercasedText
    try SQLiteShell.runBlocking(
      "INSERT INTO journey VALUES ('\(newID)', 'Shell', 'car', 0, 60)", on: database.path).expectSuccess("sqlite3")
    #expect(try Self.count("SELECT rowid FROM journey WHERE id = '\(newID)'", in: database) == 1_999)

    #expect(try Self.inserted(by: imported.batch, in: database) == imported.ids)
    let outside = try database.changes(ChangeQuery(isNewestFirst: false)).filter { $0.batch > imported.batch }
    #expect(outside.filter { $0.kind == .insert }.map(\.journeyID.lowercasedText) == [newID])
    #expect(Set(outside.filter { $0.kind == .delete }.map(\.journeyID.lowercasedText)) == Set(last))
    // The shell's two deletes are one batch (the range resolved at its first row), its insert another.
    #expect(Set(outside.map(\.batch)).count == 2)
    #expect(try database.checkIntegrity().isSound)
  }

  @Test func aFollowerThatReadTheRangeReadsNothingAgainWhenItResolves() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let start = try database.endOfLog()
    let imported = try Self.importJourneys(1_500, into: database)
    let first = try database.changes(ChangeQuery(after: start, isNewestFirst: false))
    #expect(first.map(\.journeyID) == imported.ids)
    let position = try #require(first.last?.id)
    try database.delete(ids: [imported.ids[10]])
    let next = try database.changes(ChangeQuery(after: position, isNewestFirst: false))
    #expect(next.map(\.kind) == Array(repeating: .delete, count: JourneyField.all.count))
    // The resolved rows kept the places the range gave them.
    #expect(try database.changes(ChangeQuery(after: start, isNewestFirst: false)).prefix(1_500).map(\.id) == first.map(\.id))
  }

  @Test func pruningARangeBatchDropsItsRangeAndCountsItsRows() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try Self.importJourneys(1_500, into: database)
    try database.add(Journey(name: "Kept"))
    let summary = try database.pruneHistory(.keepingLast(1))
    #expect(summary.batches == 1 && summary.changes == 1_500)
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0)
    #expect(try database.changes().count == 1)
    #expect(try database.checkIntegrity().isSound)
  }

  /// Another program that moves a journey to another rowid, or replaces the journey at a rowid
  /// of a range, resolves the range first (the triggers): the log still names every journey the
  /// import inserted, and `db check` finds nothing wrong.
  @Test func anotherProgramMovingOrReplacingARowidResolvesTheRange() throws {
    for sql in [
      "UPDATE journey SET rowid = 1000000 WHERE id = '%@'",
      "INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration) "
        + "SELECT rowid, 'ffffffff-0000-0000-0000-000000000001', 'Elsewhere', 'car', 0, 0 "
        + "FROM journey WHERE id = '%@'",
    ] {
      let folder = try TemporaryFolder()
      let database = try Fixtures.database(in: folder)
      let imported = try Self.importJourneys(1_500, into: database)
      let moved = imported.ids[3]
      try SQLiteShell.runBlocking(sql.replacingOccurrences(of: "%@", with: moved.lowercasedText), on: database.path)
        .expectSuccess("sqlite3")
      #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0, "\(sql)")
      #expect(try Self.inserted(by: imported.batch, in: database) == imported.ids, "\(sql)")
      #expect(try database.checkIntegrity().isSound, "\(sql)")
    }
  }

  /// A program that copies the table into a new file gives its rows new rowids, in the same
  /// order (`.dump` into the sqlite3 shell, whose triggers come after the rows): the range names
  /// its journeys by id, so the log still says what the import inserted, and undo takes it back.
  @Test func aTableCopiedWithNewRowidsKeepsItsRanges() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let first = try database.add(Journey.sample("First"))
    let imported = try Self.importJourneys(1_500, into: database)
    // A gap below the range: rowid 1's journey goes; the range does not hold it, so it stays.
    try database.delete(ids: [first.id])
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 1)
    let copy = folder.file("copy.sqlite")
    let copying = try Child.runBlocking("/bin/sh", [
      "-c",
      "(sqlite3 '\(database.path)' .dump; sqlite3 '\(database.path)' "
        + "'SELECT printf(\"PRAGMA application_id = %d; PRAGMA user_version = %d;\", "
        + "(SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version))')"
        + " | sqlite3 '\(copy)'",
    ])
    try #require(copying.exitCode == 0, "\(copying)")
    let copied = try JourneyDatabase(path: copy)
    #expect(try Self.count("SELECT min(rowid) FROM journey", in: copied) == 1, "rowids given anew")
    #expect(try Self.inserted(by: imported.batch, in: copied) == imported.ids)
    #expect(try copied.checkIntegrity().isSound)
    // The undo of the delete, then of the import: the first journey is left.
    // The copy is opened with another origin: its undo is the file's.
    try copied.undo(scope: .wholeFile)
    #expect(try copied.count() == 1_501)
    try copied.undo(scope: .wholeFile)
    #expect(try copied.journeys().map(\.name) == ["First"])
  }

  /// Undoing one journey's insert resolves no range of another batch: the import's log stays
  /// two rows.
  @Test func undoingASmallAddLeavesAnotherBatchsRangeAlone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(1_500, into: database)
    try database.add(Journey.sample("Small"))
    try database.undo()
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(imported.batch)", in: database) == 1)
    #expect(try Self.inserted(by: imported.batch, in: database) == imported.ids)
  }

  @Test func anImportSyncsOutEveryJourneyAfterItsRangeResolved() throws {
    let world = try SyncWorld(replicas: 2)
    let imported = try Self.importJourneys(1_500, into: world[0])
    try world[0].delete(ids: imported.ids.suffix(2))
    try world[0].add(Journey.sample("After"))
    let second = try Self.importJourneys(1_200, into: world[0], name: "Second")
    try world.syncAll()
    #expect(try world.table(1) == world.table(0))
    #expect(try world.table(1).count == 1_500 - 2 + 1 + 1_200)
    #expect(try world[1].count() == 2_699)
    _ = second
  }
}
