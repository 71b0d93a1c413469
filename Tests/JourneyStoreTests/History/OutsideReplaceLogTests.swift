import Foundation
import Testing
@testable import JourneyStore

/// Every journey that another program's REPLACE removes is in the log as its delete
/// (`Schema.version10`): by its rowid or its id, from an insert or an update, so that history
/// says it is gone, undo brings it back, and sync sends its delete. The sqlite3 shell writes;
/// the real `roadtrip` reads the history and undoes.
@Suite("Outside REPLACE in the change log")
struct OutsideReplaceLogTests {
  static let newID = "cccc5555-0000-4000-8000-000000000005"
  static let otherID = "cccc6666-0000-4000-8000-000000000006"
  static let coast = SampleJourneys.coastID, run = SampleJourneys.runID
  static let ferry = SampleJourneys.ferryID

  /// The rowid of a journey, as SQL the shell reads.
  static func rowid(of id: String) -> String {
    "(SELECT rowid FROM journey WHERE id = '\(id)')"
  }

  /// The newest batch as `roadtrip history` lists it: each journey's kind of change, in the
  /// log's order (one entry per journey and kind, however many fields).
  static func lastBatch(in sandbox: CLISandbox) async throws -> [String] {
    let history = try await sandbox.run("history", "--limit", "1", "--format", "json")
    history.expectSuccess()
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
    // Newest first: read back in the order the log wrote them.
    return objects.reversed().compactMap { object -> String? in
      guard let journey = object["journey"] as? String, let change = object["change"] as? String
      else { return nil }
      return "\(change) \(journey)"
    }.removingAdjacentDuplicates()
  }

  /// Undoes, checks the journeys are `before` again, redoes, undoes again.
  private func expectUndoRestores(_ before: [String: JourneyRecord], in sandbox: CLISandbox)
    async throws
  {
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records() == before)
    try await sandbox.run("redo", "--yes").expectSuccess()
    #expect(try sandbox.records() != before)
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records() == before)
  }

  @Test func aReplaceByTheRowidOfAnotherJourneyLogsItsDelete() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    try await sandbox.sqlite3("""
      INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: Self.coast)), '\(Self.newID)', 'C', 'car', 0, 10)
      """).expectSuccess("sqlite3")
    #expect(try sandbox.record(Self.coast) == nil)
    #expect(
      try await Self.lastBatch(in: sandbox) == ["delete \(Self.coast)", "insert \(Self.newID)"])
    try await expectUndoRestores(before, in: sandbox)
  }

  @Test func aReplaceThatCollidesWithTwoJourneysLogsBothDeletes() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    // The id of the run, the rowid of the ferry: SQLite removes both.
    try await sandbox.sqlite3("""
      REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: Self.ferry)), '\(Self.run)', 'Both', 'bus', 0, 10)
      """).expectSuccess("sqlite3")
    #expect(try sandbox.records().count == 2)
    let batch = try await Self.lastBatch(in: sandbox)
    #expect(Set(batch.prefix(2)) == ["delete \(Self.run)", "delete \(Self.ferry)"])
    #expect(batch.dropFirst(2) == ["insert \(Self.run)"])
    try await expectUndoRestores(before, in: sandbox)
  }

  @Test func anUpdateOrReplaceOntoAnotherJourneysIdLogsItsDelete() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    try await sandbox.sqlite3(
      "UPDATE OR REPLACE journey SET id = '\(Self.run)' WHERE id = '\(Self.coast)'").expectSuccess("sqlite3")
    #expect(try sandbox.value("name", of: Self.run) == "Coast road")
    // The run's delete comes first: undo takes the coast road's id back before it restores the run.
    #expect(try await Self.lastBatch(in: sandbox) == [
      "delete \(Self.run)", "delete \(Self.coast)", "insert \(Self.run)",
    ])
    try await expectUndoRestores(before, in: sandbox)
  }

  @Test(arguments: ["rowid", "oid", "_rowid_"])
  func anUpdateOrReplaceOntoAnotherJourneysRowidLogsItsDelete(column: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    try await sandbox.sqlite3("""
      UPDATE OR REPLACE journey SET \(column) = \(Self.rowid(of: Self.ferry)), name = 'Moved'
      WHERE id = '\(Self.coast)'
      """).expectSuccess("sqlite3")
    #expect(try sandbox.record(Self.ferry) == nil)
    #expect(try await Self.lastBatch(in: sandbox) == [
      "delete \(Self.ferry)", "update \(Self.coast)",
    ])
    try await expectUndoRestores(before, in: sandbox)

    // A move that changes no field is the removed journey's delete alone.
    try await sandbox.sqlite3(
      "UPDATE OR REPLACE journey SET \(column) = \(Self.rowid(of: Self.run)) "
        + "WHERE id = '\(Self.coast)'").expectSuccess("sqlite3")
    #expect(try await Self.lastBatch(in: sandbox) == ["delete \(Self.run)"])
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records() == before)
  }

  /// One statement is one batch, however many rows it replaces (in version 9 each replacing row
  /// opened a batch of its own), and one undo takes it all back.
  @Test func aStatementThatReplacesManyJourneysIsOneBatch() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.records()
    let batches = try sandbox.batchCount()
    try await sandbox.sqlite3("""
      INSERT OR REPLACE INTO journey (id, name, transportation_type, start_date, duration)
      SELECT id, name || ' again', transportation_type, start_date, duration
      FROM journey ORDER BY rowid
      """).expectSuccess("sqlite3")
    #expect(try sandbox.batchCount() == batches + 1)
    #expect(try await Self.lastBatch(in: sandbox).count == 6)
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records() == before)
  }

  /// A row that is not written logs no delete: a failed insert takes its triggers' writes back,
  /// an ignored one leaves kept rows that the next write throws away, and an upsert's update is
  /// an update (version 9 logged its journey's delete twice when the statement inserted its id
  /// again).
  @Test func anIgnoredFailedOrUpsertedRowLogsNoDelete() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    try await sandbox.sqlite3("""
      INSERT OR IGNORE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: Self.coast)), '\(Self.newID)', 'Ignored', 'car', 0, 10),
        (1000, '\(Self.run)', 'Ignored', 'car', 0, 10)
      """).expectSuccess("sqlite3")
    let failed = try await sandbox.sqlite3("""
      INSERT INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: Self.coast)), '\(Self.newID)', 'Failed', 'car', 0, 10)
      """)
    #expect(failed.exitCode != 0)
    #expect(try sandbox.snapshot() == before)

    // The ignored row kept the ferry; the ferry then goes, and the new id comes in: one delete.
    try await sandbox.sqlite3("""
      INSERT OR IGNORE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: Self.ferry)), '\(Self.newID)', 'Ignored', 'car', 0, 10);
      DELETE FROM journey WHERE id = '\(Self.ferry)';
      INSERT INTO journey (id, name, transportation_type, start_date, duration)
      VALUES ('\(Self.newID)', 'New', 'car', 0, 10);
      """).expectSuccess("sqlite3")
    #expect(try await Self.lastBatch(in: sandbox) == ["insert \(Self.newID)"])

    // An upsert that renames the coast road, then inserts its id again.
    try await sandbox.sqlite3("""
      INSERT INTO journey (id, name, transportation_type, start_date, duration)
      VALUES ('\(Self.coast)', 'One', 'car', 0, 10),
        ('\(Self.coast)', 'Two', 'bus', 0, 10)
      ON CONFLICT (id) DO UPDATE SET id = '\(Self.otherID)'
      """).expectSuccess("sqlite3")
    #expect(try sandbox.value("name", of: Self.otherID) == "Coast road")
    #expect(try sandbox.value("name", of: Self.coast) == "Two")
    #expect(try await Self.lastBatch(in: sandbox) == [
      "delete \(Self.coast)", "insert \(Self.otherID)", "insert \(Self.coast)",
    ])
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.value("name", of: Self.coast) == "Coast road")
    #expect(try sandbox.record(Self.otherID) == nil)
  }

  /// A journey of an import's range, replaced by its rowid: the range is resolved (its inserts
  /// are all still in the log), its delete is logged, `db check` finds nothing, undo restores it.
  @Test func aJourneyOfARangeReplacedByItsRowidIsLoggedAndComesBack() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try InsertRangeTests.importJourneys(1_500, into: database)
    let replaced = imported.ids[3].lowercasedText
    let before = try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map(JourneyRecord.init)
    try SQLiteShell.runBlocking("""
      INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: replaced)), '\(Self.newID)', 'Elsewhere', 'car', 0, 0)
      """, on: database.path).expectSuccess("sqlite3")
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change_range", in: database) == 0)
    #expect(try InsertRangeTests.inserted(by: imported.batch, in: database) == imported.ids)
    let last = try database.changes(ChangeQuery(batch: imported.batch + 1, isNewestFirst: false))
    #expect(Set(last.filter { $0.kind == .delete }.map(\.journeyID.lowercasedText)) == [replaced])
    #expect(last.filter { $0.kind == .insert }.map(\.journeyID.lowercasedText) == [Self.newID])
    #expect(try database.checkIntegrity().isSound)
    #expect(try database.undo(scope: .wholeFile) != nil)
    #expect(try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map(JourneyRecord.init) == before)
    #expect(try database.checkIntegrity().isSound)
  }

  /// A statement whose later row resolves a range (an insert that replaces a journey of it, an
  /// update that moves one) is one batch still: in version 9 the range's rows, written between
  /// two rows of the statement, opened a second batch.
  @Test func aStatementThatResolvesARangeAtALaterRowIsOneBatch() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let imported = try InsertRangeTests.importJourneys(1_500, into: database)
    let before = try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map(JourneyRecord.init)
    let replaced = imported.ids[5].lowercasedText, moved = imported.ids[7].lowercasedText
    func batches() throws -> Int64 {
      try InsertRangeTests.count("SELECT count(*) FROM batch", in: database)
    }
    for (index, sql) in [
      """
      INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (NULL, '\(Self.newID)', 'First', 'car', 0, 1),
        (\(Self.rowid(of: replaced)), '\(Self.otherID)', 'Second', 'car', 0, 1)
      """,
      """
      UPDATE journey SET name = 'Renamed', id = iif(id = '\(moved)', '\(Self.coast)', id)
      WHERE id IN ('\(Self.newID)', '\(moved)')
      """,
    ].enumerated() {
      let count = try batches()
      try SQLiteShell.runBlocking(sql, on: database.path).expectSuccess("sqlite3")
      #expect(try batches() == count + 1, "statement \(index)")
      #expect(try InsertRangeTests.inserted(by: imported.batch, in: database) == imported.ids)
      #expect(try database.checkIntegrity().isSound)
    }
    let last = try database.changes(ChangeQuery(batch: imported.batch + 2, isNewestFirst: false))
    #expect(Set(last.map(\.journeyID.lowercasedText)) == [Self.newID, moved, Self.coast])
    #expect(try database.undo(scope: .wholeFile) != nil)
    #expect(try database.undo(scope: .wholeFile) != nil)
    #expect(try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map(JourneyRecord.init) == before)
  }

  /// Sync sends the replaced journey's delete: the other replica loses it too.
  @Test func aJourneyReplacedByItsRowidIsDeletedOnTheOtherReplica() throws {
    let world = try SyncWorld(replicas: 2)
    let kept = try world[0].add(Journey.sample("Kept"))
    let replaced = try world[0].add(Journey.sample("Replaced"))
    try world.syncAll()
    #expect(try world[1].journey(id: replaced.id) != nil)
    try SQLiteShell.runBlocking("""
      INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(Self.rowid(of: replaced.id.lowercasedText)), '\(Self.newID)', 'There', 'car', 0, 60)
      """, on: world[0].path).expectSuccess("sqlite3")
    try world.syncAll()
    #expect(try world[1].journey(id: replaced.id) == nil)
    #expect(try world[1].journey(id: UUID(uuidString: Self.newID)!)?.name == "There")
    #expect(try world[1].journey(id: kept.id)?.name == "Kept")
    #expect(try world.table(1) == world.table(0))
  }
}
