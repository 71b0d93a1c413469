import Foundation
import Testing
@testable import JourneyStore

/// Every reader of the log's ranges reads them from the ranges: a range's journeys by rowid from
/// its first journey, an anchored range's by the ids of the undo's rows; never a scan of the
/// journey table or of the log, which SQLite chooses by itself for the joins as written, on a
/// file without statistics, as roadtrip's are. A scan costs what the table holds, on every
/// refresh, catch-up and sync.
@Suite("Reading the log's ranges")
struct RangeReadingTests {
  /// The plan of a statement, one line a step.
  static func plan(of sql: String, _ values: [DatabaseValue], in database: JourneyDatabase) throws -> [String] {
    var plan: [String] = []
    try database.connection.forEachRow("EXPLAIN QUERY PLAN " + sql, values) { plan.append($0.text(at: 3)) }
    return plan
  }

  /// Whether a plan scans the journeys of a range (`j`, `f`) or an undo's rows (`d`).
  static func scansTheRanges(_ plan: [String]) -> Bool {
    plan.contains { $0.hasPrefix("SCAN j") || $0.hasPrefix("SCAN f") || $0.hasPrefix("SCAN d") }
  }

  /// An undo counts a batch's ranges from the ranges: each from its first journey by id, then by
  /// rowid; never by a scan of the journey table (SQLite's own choice for the join as written,
  /// on a file without statistics, as roadtrip's are).
  @Test func aRangeIsCountedByRowidNotByAScanOfTheJourneys() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try InsertRangeTests.importJourneys(1_500, into: database, name: "Before")
    let large = try InsertRangeTests.importJourneys(2_000, into: database)
    let sql = ChangeLog.rangeJourneyCount(ofBatchAt: 1)
    // The range holds all but the last journey, which a row of `change` logs.
    #expect(try database.connection.firstValue(sql, [.integer(large.batch)])?.integer == 1_999)
    let plan = try Self.plan(of: sql, [.integer(large.batch)], in: database)
    #expect(plan.contains { $0.hasPrefix("SEARCH j USING INTEGER PRIMARY KEY") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN j") || $0.hasPrefix("SCAN f") }, "\(plan)")
  }

  /// What waits to be sent (`sync --status`, and every sync's remembered remote before it) is
  /// counted through the batches that wait, a range by its journeys: never by reading the whole
  /// log, which made a sync with nothing new cost as much as the journeys it holds.
  @Test func theRowsWaitingToBeSentAreCountedThroughTheirBatches() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let large = try InsertRangeTests.importJourneys(2_000, into: database)
    let small = try InsertRangeTests.importJourneys(5, into: database, name: "Small")
    let log = ChangeLog(connection: database.connection)
    #expect(try log.localChanges(after: 0) == (2, 2_005))
    #expect(try log.localChanges(after: large.batch) == (1, 5))
    #expect(try log.localChanges(after: small.batch) == (0, 0))
    let plan = try Self.plan(of: ChangeLog.localChangeCounts, [.integer(small.batch)], in: database)
    #expect(plan.contains { $0.hasPrefix("SEARCH change USING COVERING INDEX change_by_batch") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN change ") || $0 == "SCAN change" }, "\(plan)")
    #expect(!Self.scansTheRanges(plan), "\(plan)")
  }

  /// A batch's rows (what a refresh reads after another program's write, and a catch-up, an undo
  /// or a sync) are read through the log's index by batch and the batch's own ranges: taking in
  /// one outside update costs that update, not the journeys an import logged as a range, nor
  /// the rows an undo anchored one to.
  @Test func aBatchsRowsAreReadThroughItsRangesNotByAScanOfTheJourneys() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try InsertRangeTests.importJourneys(2_000, into: database)
    _ = try database.undo()
    _ = try database.redo()
    let shell = try SQLiteShell.runBlocking(
      "UPDATE journey SET name = 'Renamed' WHERE id = '\(imported.ids[7].lowercasedText)'", on: database.path)
    #expect(shell.exitCode == 0)
    let outside = try #require(try database.connection.firstValue("SELECT max(id) FROM batch")?.integer)
    let changes = try database.changes(ChangeQuery(batch: outside, isNewestFirst: false))
    #expect(changes.map(\.journeyID) == [imported.ids[7]])

    let sql = "SELECT id FROM \(ChangeLog.rows) WHERE batch = ?1 ORDER BY id"
    let plan = try Self.plan(of: sql, [.integer(outside)], in: database)
    #expect(plan.contains { $0.hasPrefix("SEARCH change USING INDEX change_by_batch") }, "\(plan)")
    #expect(!Self.scansTheRanges(plan), "\(plan)")
    // The import's range and the undo's anchored one are read the same way.
    #expect(try database.connection.firstValue("SELECT count(*) FROM (\(sql))", [.integer(imported.batch)])?.integer == 2_000)
  }

  /// Which batches logged a journey (its history) starts from that journey, by its id: the
  /// ranges are not read first there, the journey is.
  @Test func theRangesHoldingAJourneyAreFoundFromTheJourney() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try InsertRangeTests.importJourneys(2_000, into: database)
    _ = try database.undo()
    let sql = ChangeLog.rangeBatches(holdingJourneyAt: 1)
    let id = DatabaseValue.text(imported.ids[3].lowercasedText)
    #expect(try database.connection.firstValue(sql, [id])?.integer == imported.batch)
    let plan = try Self.plan(of: sql, [id], in: database)
    #expect(!Self.scansTheRanges(plan), "\(plan)")
  }
}
