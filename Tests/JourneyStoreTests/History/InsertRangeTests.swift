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

  /// An undo counts a batch's ranges from the ranges: each from its first journey by id, then by
  /// rowid; never by a scan of the journey table (SQLite's own choice for the join as written,
  /// on a file without statistics, as roadtrip's are).
  @Test func aRangeIsCountedByRowidNotByAScanOfTheJourneys() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try Self.importJourneys(1_500, into: database, name: "Before")
    let large = try Self.importJourneys(2_000, into: database)
    let sql = ChangeLog.rangeJourneyCount(ofBatchAt: 1)
    // The range holds all but the last journey, which a row of `change` logs.
    #expect(try database.connection.firstValue(sql, [.integer(large.batch)])?.integer == 1_999)
    var plan: [String] = []
    try database.connection.forEachRow("EXPLAIN QUERY PLAN " + sql, [.integer(large.batch)]) {
      plan.append($0.text(at: 3))
    }
    #expect(plan.contains { $0.hasPrefix("SEARCH j USING INTEGER PRIMARY KEY") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN j") || $0.hasPrefix("SCAN f") }, "\(plan)")
  }

  /// What waits to be sent (`sync --status`, and every sync's remembered remote before it) is
  /// counted through the batches that wait, a range by its journeys: never by reading the whole
  /// log, which made a sync with nothing new cost as much as the journeys it holds.
  @Test func theRowsWaitingToBeSentAreCountedThroughTheirBatches() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let large = try Self.importJourneys(2_000, into: database)
    let small = try Self.importJourneys(5, into: database, name: "Small")
    let log = ChangeLog(connection: database.connection)
    #expect(try log.localChanges(after: 0) == (2, 2_005))
    #expect(try log.localChanges(after: large.batch) == (1, 5))
    #expect(try log.localChanges(after: small.batch) == (0, 0))
    var plan: [String] = []
    try database.connection.forEachRow(
      "EXPLAIN QUERY PLAN " + ChangeLog.localChangeCounts, [.integer(small.batch)]
    ) {
      plan.append($0.text(at: 3))
    }
    #expect(plan.contains { $0.hasPrefix("SEARCH change USING COVERING INDEX change_by_batch") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN change ") || $0 == "SCAN change" }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN j") || $0.hasPrefix("SCAN f") || $0.hasPrefix("SCAN d") }, "\(plan)")
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

  /// The history of the import, of the undo and of one journey, as every reader reads them while
  /// the import's range is anchored to the undo's rows (`Schema.version8`).
  static func expectHistory(
    of imported: (ids: [UUID], batch: Int64), undo: Int64, in database: JourneyDatabase,
    _ comment: Comment
  ) throws {
    #expect(try Self.inserted(by: imported.batch, in: database) == imported.ids, comment)
    #expect(
      try database.changes(ChangeQuery(batch: imported.batch)).map(\.journeyID) == imported.ids.reversed(), comment)
    let undone = try database.changes(ChangeQuery(batch: undo, isNewestFirst: false))
    #expect(undone.allSatisfy { $0.kind == .delete }, comment)
    #expect(undone.map(\.journeyID).removingAdjacentDuplicates() == imported.ids, comment)
    let journey = imported.ids[imported.ids.count * 2 / 3]
    let batches = try database.changes(ChangeQuery(journeyID: journey, isNewestFirst: false)).map(\.batch)
    #expect(batches.first == imported.batch, comment)
    #expect(try database.changes(ChangeQuery(journeyID: journey)).map(\.batch).contains(undo), comment)
    #expect(try database.checkIntegrity().problems == [], comment)
  }

  /// Undoing a large import writes its range out as no rows: the undo logs one delete of each
  /// journey (with its values, for the redo), in the range's order, and the range stands for the
  /// import's inserts through those rows. Three undo and redo cycles read the same history.
  @Test func undoingALargeImportAnchorsItsRangeToTheUndosRows() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(Journey.sample("Before"))
    let imported = try Self.importJourneys(2_000, into: database)
    let ids = try database.changes(ChangeQuery(batch: imported.batch, isNewestFirst: false)).map(\.id)
    let undo = try #require(try database.undo())
    #expect(undo.deleted == 2_000)
    #expect(try database.journeys().map(\.name) == ["Before"])
    // Nothing written out: the import still has its one row, and its range names the undo's.
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(imported.batch)", in: database) == 1)
    #expect(
      try Self.count(
        "SELECT count(*) FROM change_range WHERE batch = \(imported.batch) AND first_delete IS NOT NULL",
        in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(undo.batch)", in: database) == 2_000)
    // The import's rows keep their places in the log.
    #expect(try database.changes(ChangeQuery(batch: imported.batch, isNewestFirst: false)).map(\.id) == ids)
    try Self.expectHistory(of: imported, undo: undo.batch, in: database, "after the undo")
    for cycle in 1...3 {
      #expect(try database.redo()?.inserted == 2_000, "redo \(cycle)")
      #expect(try database.count() == 2_001)
      #expect(Set(try database.journeys().map(\.id)).isSuperset(of: imported.ids))
      try Self.expectHistory(of: imported, undo: undo.batch, in: database, "after redo \(cycle)")
      #expect(try database.undo()?.deleted == 2_000, "undo \(cycle + 1)")
      #expect(try database.journeys().map(\.name) == ["Before"])
      try Self.expectHistory(of: imported, undo: undo.batch, in: database, "after undo \(cycle + 1)")
    }
    // Every redo and later undo is derived: the log holds the undo's 2,000 rows and no more.
    #expect(try Self.count("SELECT count(*) FROM change", in: database) == 1 + 1 + 2_000)
    #expect(try database.redo()?.inserted == 2_000)
  }

  /// An earlier import whose range still reads the journey table stays one range through the
  /// undo and redo cycles of a later one: an undo of a redo deletes journeys without anchoring,
  /// and looks for the ranges that hold them from the ranges (it read every journey below each
  /// deleted one before: 32 s for two imports of 15,000 in a debug build).
  @Test func undoCyclesOfAnImportLeaveAnEarlierImportsRangeAlone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let earlier = try Self.importJourneys(1_500, into: database, name: "Earlier")
    let later = try Self.importJourneys(1_500, into: database, name: "Later")
    for cycle in 1...2 {
      #expect(try database.undo()?.deleted == 1_500, "undo \(cycle)")
      #expect(try database.count() == 1_500)
      #expect(try database.redo()?.inserted == 1_500, "redo \(cycle)")
      #expect(try database.count() == 3_000)
    }
    #expect(try database.undo()?.deleted == 1_500)
    #expect(
      try Self.count(
        "SELECT count(*) FROM change_range WHERE batch = \(earlier.batch) AND first_delete IS NULL",
        in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(earlier.batch)", in: database) == 1)
    #expect(try Self.inserted(by: earlier.batch, in: database) == earlier.ids)
    #expect(try Self.inserted(by: later.batch, in: database) == later.ids)
    #expect(try database.checkIntegrity().isSound)
  }

  /// Once anchored, a range reads no journey: another program deleting or moving the journeys a
  /// redo inserted again resolves nothing, the triggers log it as any change, and the import's
  /// history and `db check` stay right.
  @Test func anotherProgramTouchingTheJourneysOfAnAnchoredRangeLeavesItAlone() throws {
    for sql in [
      "DELETE FROM journey WHERE id = '%@'",
      "UPDATE journey SET rowid = 1000000 WHERE id = '%@'",
      "INSERT OR REPLACE INTO journey (id, name, transportation_type, start_date, duration) "
        + "VALUES ('%@', 'Replaced', 'car', 0, 0)",
    ] {
      let folder = try TemporaryFolder()
      let database = try Fixtures.database(in: folder)
      let imported = try Self.importJourneys(1_500, into: database)
      let undo = try #require(try database.undo())
      let redo = try #require(try database.redo())
      try SQLiteShell.runBlocking(
        sql.replacingOccurrences(of: "%@", with: imported.ids[3].lowercasedText), on: database.path
      ).expectSuccess("sqlite3")
      #expect(try Self.count("SELECT count(*) FROM change_range WHERE first_delete IS NOT NULL", in: database) == 1)
      try Self.expectHistory(of: imported, undo: undo.batch, in: database, "\(sql)")
      // The shell's batch (a change of rowid alone logs none) is undone, then the redo.
      if try Self.count("SELECT max(id) FROM batch", in: database) > redo.batch {
        #expect(try database.undo(scope: .wholeFile)?.origin == "outside roadtrip", "\(sql)")
      }
      #expect(try database.count() == 1_500, "\(sql)")
      #expect(try database.undo()?.deleted == 1_500, "\(sql)")
      #expect(try database.count() == 0, "\(sql)")
      #expect(try database.checkIntegrity().problems == [], "\(sql)")
    }
  }

  /// A follower that read up to the import reads the undo's deletes and the redo's inserts,
  /// once each.
  @Test func aFollowerReadsTheUndoAndTheRedoOfARange() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(1_500, into: database)
    let position = try database.endOfLog()
    try database.undo()
    let undone = try database.changes(ChangeQuery(after: position, isNewestFirst: false))
    #expect(undone.allSatisfy { $0.kind == .delete })
    #expect(undone.map(\.journeyID).removingAdjacentDuplicates() == imported.ids)
    let next = try database.endOfLog()
    try database.redo()
    let redone = try database.changes(ChangeQuery(after: next, isNewestFirst: false))
    #expect(redone.map(\.kind) == Array(repeating: .insert, count: 1_500))
    #expect(Set(redone.map(\.journeyID)) == Set(imported.ids))
  }

  /// Pruning drops the undo's rows that a kept redo was derived from: the redo of a range is
  /// given a range of its own first (its journeys lie in a row, as it inserted them), so the log
  /// keeps no value of any journey. The import's range goes with the import; the redo still reads
  /// as the inserts it made, and its undo deletes them all.
  @Test func pruningAnUndoneImportGivesTheKeptRedoARange() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(1_500, into: database)
    try database.undo()
    let redo = try #require(try database.redo()).batch
    let summary = try database.pruneHistory(.keepingLast(1))
    #expect(summary.batches == 2)
    #expect(try Self.count("SELECT count(*) FROM change_range WHERE batch = \(redo)", in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM change", in: database) == 1)
    #expect(try Self.count("SELECT count(*) FROM batch WHERE source IS NOT NULL", in: database) == 0)
    #expect(Set(try Self.inserted(by: redo, in: database)) == Set(imported.ids))
    #expect(try database.checkIntegrity().problems == [])
    #expect(try database.undo()?.deleted == 1_500)
    #expect(try database.count() == 0)
    #expect(try database.redo()?.inserted == 1_500)
    #expect(Set(try database.journeys().map(\.id)) == Set(imported.ids))
  }

  /// A kept redo of a few journeys is given a row of its own for each, without values.
  @Test func pruningAnUndoneSmallAddGivesTheKeptRedoItsRows() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(3, into: database)
    try database.undo()
    let redo = try #require(try database.redo()).batch
    try database.pruneHistory(.keepingLast(1))
    #expect(try Self.count("SELECT count(*) FROM change WHERE batch = \(redo) AND old_name IS NULL", in: database) == 3)
    #expect(try Self.count("SELECT count(*) FROM change", in: database) == 3)
    #expect(try Self.inserted(by: redo, in: database) == imported.ids)
    #expect(try database.checkIntegrity().problems == [])
  }

  /// A range whose journeys are no longer in a row (rows removed with the triggers off, which
  /// `db check` reports) is written out by the undo as before, not anchored.
  @Test func anUndoOfABrokenRangeWritesItOut() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try Self.importJourneys(1_500, into: database)
    // roadtrip's own connection runs no trigger: the row goes without the range resolving.
    try database.connection.run("DELETE FROM journey WHERE id = ?", [.text(imported.ids[700].lowercasedText)])
    #expect(try !database.checkIntegrity().isSound)
    let undo = try #require(try database.undo())
    #expect(undo.deleted == 1_499)
    #expect(try Self.count("SELECT count(*) FROM change_range", in: database) == 0)
    #expect(try database.count() == 0)
    #expect(try database.redo()?.inserted == 1_499)
  }

  /// An undone import syncs out as nothing, and the undo of a synced import as its deletes.
  @Test func anUndoneImportSyncsOutCorrectly() throws {
    let world = try SyncWorld(replicas: 2)
    let first = try Self.importJourneys(1_500, into: world[0])
    try world.syncAll()
    #expect(try world[1].count() == 1_500)
    try world[0].undo()
    let second = try Self.importJourneys(1_200, into: world[0], name: "Second")
    try world[0].undo()
    try world[0].redo()
    try world[0].undo()
    try world.syncAll()
    #expect(try world.table(1) == world.table(0))
    #expect(try world[1].count() == 0)
    try world[0].redo()
    try world.syncAll()
    #expect(try world.table(1) == world.table(0))
    #expect(try world[1].count() == 1_200)
    _ = (first, second)
  }
}

extension Array where Element: Equatable {
  /// The elements, each run of equal ones as one.
  func removingAdjacentDuplicates() -> [Element] {
    reduce(into: []) { result, element in
      if result.last != element { result.append(element) }
    }
  }
}
