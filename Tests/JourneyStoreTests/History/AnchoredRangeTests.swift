import Foundation
import Testing
@testable import JourneyStore

/// An undone large import's range is anchored to the undo's rows (`Schema.version8`): undo and
/// redo cycles, pruning, another program's writes and a sync read the same history through it.
@Suite("The log's anchored ranges")
struct AnchoredRangeTests {
  /// The history of the import, of the undo and of one journey, as every reader reads them while
  /// the import's range is anchored to the undo's rows (`Schema.version8`).
  static func expectHistory(
    of imported: (ids: [UUID], batch: Int64), undo: Int64, in database: JourneyDatabase,
    _ comment: Comment
  ) throws {
    #expect(try InsertRangeTests.inserted(by: imported.batch, in: database) == imported.ids, comment)
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
    let imported = try InsertRangeTests.importJourneys(2_000, into: database)
    let ids = try database.changes(ChangeQuery(batch: imported.batch, isNewestFirst: false)).map(\.id)
    let undo = try #require(try database.undo())
    #expect(undo.deleted == 2_000)
    #expect(try database.journeys().map(\.name) == ["Before"])
    // Nothing written out: the import still has its one row, and its range names the undo's.
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change WHERE batch = \(imported.batch)", in: database) == 1)
    #expect(
      try InsertRangeTests.count(
        "SELECT count(*) FROM change_range WHERE batch = \(imported.batch) AND first_delete IS NOT NULL",
        in: database) == 1)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change WHERE batch = \(undo.batch)", in: database) == 2_000)
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
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change", in: database) == 1 + 1 + 2_000)
    #expect(try database.redo()?.inserted == 2_000)
  }

  /// An earlier import whose range still reads the journey table stays one range through the
  /// undo and redo cycles of a later one: an undo of a redo deletes journeys without anchoring,
  /// and looks for the ranges that hold them from the ranges (it read every journey below each
  /// deleted one before: 32 s for two imports of 15,000 in a debug build).
  @Test func undoCyclesOfAnImportLeaveAnEarlierImportsRangeAlone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let earlier = try InsertRangeTests.importJourneys(1_500, into: database, name: "Earlier")
    let later = try InsertRangeTests.importJourneys(1_500, into: database, name: "Later")
    for cycle in 1...2 {
      #expect(try database.undo()?.deleted == 1_500, "undo \(cycle)")
      #expect(try database.count() == 1_500)
      #expect(try database.redo()?.inserted == 1_500, "redo \(cycle)")
      #expect(try database.count() == 3_000)
    }
    #expect(try database.undo()?.deleted == 1_500)
    #expect(
      try InsertRangeTests.count(
        "SELECT count(*) FROM change_range WHERE batch = \(earlier.batch) AND first_delete IS NULL",
        in: database) == 1)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change WHERE batch = \(earlier.batch)", in: database) == 1)
    #expect(try InsertRangeTests.inserted(by: earlier.batch, in: database) == earlier.ids)
    #expect(try InsertRangeTests.inserted(by: later.batch, in: database) == later.ids)
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
      let imported = try InsertRangeTests.importJourneys(1_500, into: database)
      let undo = try #require(try database.undo())
      let redo = try #require(try database.redo())
      try SQLiteShell.runBlocking(
        sql.replacingOccurrences(of: "%@", with: imported.ids[3].lowercasedText), on: database.path
      ).expectSuccess("sqlite3")
      #expect(try InsertRangeTests.count("SELECT count(*) FROM change_range WHERE first_delete IS NOT NULL", in: database) == 1)
      try Self.expectHistory(of: imported, undo: undo.batch, in: database, "\(sql)")
      // The shell's batch (a change of rowid alone logs none) is undone, then the redo.
      if try InsertRangeTests.count("SELECT max(id) FROM batch", in: database) > redo.batch {
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
    let imported = try InsertRangeTests.importJourneys(1_500, into: database)
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
    let imported = try InsertRangeTests.importJourneys(1_500, into: database)
    try database.undo()
    let redo = try #require(try database.redo()).batch
    let summary = try database.pruneHistory(.keepingLast(1))
    #expect(summary.batches == 2)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change_range WHERE batch = \(redo)", in: database) == 1)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change", in: database) == 1)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM batch WHERE source IS NOT NULL", in: database) == 0)
    #expect(Set(try InsertRangeTests.inserted(by: redo, in: database)) == Set(imported.ids))
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
    let imported = try InsertRangeTests.importJourneys(3, into: database)
    try database.undo()
    let redo = try #require(try database.redo()).batch
    try database.pruneHistory(.keepingLast(1))
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change WHERE batch = \(redo) AND old_name IS NULL", in: database) == 3)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change", in: database) == 3)
    #expect(try InsertRangeTests.inserted(by: redo, in: database) == imported.ids)
    #expect(try database.checkIntegrity().problems == [])
  }

  /// A range whose journeys are no longer in a row (rows removed with the triggers off, which
  /// `db check` reports) is written out by the undo as before, not anchored.
  @Test func anUndoOfABrokenRangeWritesItOut() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try InsertRangeTests.importJourneys(1_500, into: database)
    // roadtrip's own connection runs no trigger: the row goes without the range resolving.
    try database.connection.run("DELETE FROM journey WHERE id = ?", [.text(imported.ids[700].lowercasedText)])
    #expect(try !database.checkIntegrity().isSound)
    let undo = try #require(try database.undo())
    #expect(undo.deleted == 1_499)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change_range", in: database) == 0)
    #expect(try database.count() == 0)
    #expect(try database.redo()?.inserted == 1_499)
  }

  /// An undone import syncs out as nothing, and the undo of a synced import as its deletes.
  @Test func anUndoneImportSyncsOutCorrectly() throws {
    let world = try SyncWorld(replicas: 2)
    let first = try InsertRangeTests.importJourneys(1_500, into: world[0])
    try world.syncAll()
    #expect(try world[1].count() == 1_500)
    try world[0].undo()
    let second = try InsertRangeTests.importJourneys(1_200, into: world[0], name: "Second")
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
