import Foundation
import Synchronization
import Testing
@testable import JourneyStore

/// Every schema version ever released has a fixture database in `fixtures/`, written by the code
/// of that version; a copy must read as it is, and upgrade with every journey intact.
///
/// To write the fixture of the current version (only when a new version is released):
/// `ROADTRIP_WRITE_FIXTURES=1 swift test --filter MigrationTests`.
@Suite("Schema migrations")
struct MigrationTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

  /// The journeys of the version 1 fixture, as they must read back after any migration.
  static func version1Journeys() -> [Journey] { [
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001")!, name: "Morning run",
      transportationType: .walkOrRun, startDate: Date(timeIntervalSinceReferenceDate: 785_404_800), duration: 2_700),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0002")!, name: "Skate park",
      transportationType: .skateboard, startDate: Date(timeIntervalSinceReferenceDate: 785_412_000.25), duration: 1_800.5),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0003")!, name: "Scooter to work",
      transportationType: .scooter, startDate: Date(timeIntervalSinceReferenceDate: 785_491_200), duration: 900),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0004")!, name: "Coast road 🚲",
      transportationType: .bike, startDate: Date(timeIntervalSinceReferenceDate: 786_009_600), duration: 19_800),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0005")!, name: "",
      transportationType: .car, startDate: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2), duration: 0),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0006")!, name: "Airport \"shared\" ride, late",
      transportationType: .hiredCar, startDate: Date(timeIntervalSinceReferenceDate: 786_100_000), duration: 3_600),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0007")!, name: "Night bus\nline 2",
      transportationType: .bus, startDate: Date(timeIntervalSinceReferenceDate: 786_200_000), duration: 5_400),
    Journey(
      id: UUID(uuidString: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0008")!, name: "Light rail, 旅行",
      transportationType: .lightRail, startDate: Date(timeIntervalSinceReferenceDate: -3_155_760_000), duration: 1e-3),
  ] }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["ROADTRIP_WRITE_FIXTURES"] == "1"))
  func writeTheCurrentFixture() throws {
    let path = Self.fixtures.appendingPathComponent("journeys-v\(Schema.currentVersion).sqlite").path
    try? FileManager.default.removeItem(atPath: path)
    let database = try JourneyDatabase(path: path, configuration: .init(origin: "fixture"))
    let scratch = Journey(name: "Deleted", transportationType: .car)
    try database.add(contentsOf: Self.version1Journeys().map {
      Journey(id: $0.id, name: "draft", transportationType: .car, startDate: $0.startDate, duration: $0.duration)
    } + [scratch])
    // Give the change log updates and deletes too.
    for journey in Self.version1Journeys() {
      try database.edit(journey.id) { draft in
        draft.name = journey.name
        draft.transportationType = journey.transportationType
      }
    }
    try database.delete(ids: [scratch.id])
    try database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  @Test(arguments: 1...Schema.currentVersion)
  func aFixtureOfEveryVersionOpensWithEveryJourneyIntact(version: Int64) throws {
    let folder = try TemporaryFolder()
    let fixture = Self.fixtures.appendingPathComponent("journeys-v\(version).sqlite").path
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(atPath: fixture, toPath: copy)
    #expect(try Connection(path: copy, busyTimeout: .seconds(1)).pragma("user_version") == version)

    // Read as it is: opening and reading upgrade nothing.
    let database = try JourneyDatabase(path: copy)
    let expected = Self.version1Journeys().sorted { $0.name < $1.name }
    func expectEveryJourneyIntact() throws {
      let journeys = try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)]))
      #expect(journeys.map(\.id) == expected.map(\.id))
      for (read, written) in zip(journeys, expected) {
        #expect(read.name == written.name)
        #expect(read.transportationType == written.transportationType)
        #expect(read.startDate == written.startDate)
        #expect(read.duration == written.duration)
      }
    }
    try expectEveryJourneyIntact()
    #expect(try database.schemaVersion == version)

    let before = try Self.rowsThatMustStay(in: database.connection, version: version)
    #expect(try database.upgradeSchema() == (version < Schema.currentVersion ? version : nil))
    #expect(try database.connection.pragma("user_version") == Schema.currentVersion)
    try expectEveryJourneyIntact()
    #expect(try Self.rowsThatMustStay(in: database.connection, version: version) == before)
    // Upgraded, the file has the schema of a file the current version created, byte for byte
    // (an upgrade drops an empty leftover of a migration; a file of the current version keeps
    // one until its first sync).
    let current = try FrozenSchemaTests.fixture(Schema.currentVersion, in: folder)
    let upgraded = try FrozenSchemaTests.schema(of: database.connection)
    #expect(version == Schema.currentVersion || upgraded.keys.allSatisfy { Schema.leftovers[$0] == nil })
    let created = try FrozenSchemaTests.schema(of: current)
    #expect(upgraded.filter { Schema.leftovers[$0.key] == nil } == created.filter { Schema.leftovers[$0.key] == nil })
    // The end bound is the table's own: another program's write past it is refused by name.
    let outside = try Connection(path: copy, busyTimeout: .seconds(1))
    let refused = #expect(throws: SQLiteError.self) {
      try outside.execute("UPDATE journey SET duration = 1e12 WHERE id = '0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001'")
    }
    #expect(refused?.message == "CHECK constraint failed: \(Schema.endBoundConstraint)")
    #expect(refused?.refusedValueDescription == "end date after the year 9999")
    let changes = try Fixtures.changes(in: copy)
    #expect(changes.filter { $0.kind == "insert" }.count == 9)
    #expect(changes.filter { $0.kind == "update" }.count == 15)
    #expect(changes.filter { $0.kind == "delete" }.count == 4)
    // The migrated database takes new writes, and its history can be undone: the last command of
    // the fixture deleted a journey.
    try database.add(Journey(name: "After migration"))
    #expect(try database.count() == 9)
    #expect(try database.undo()?.deleted == 1)
    #expect(try database.undo(scope: .wholeFile)?.inserted == 1, "the fixture's delete, of another origin")
    #expect(try database.journeys().contains { $0.name == "Deleted" })
    #expect(try database.checkIntegrity().isSound)
  }

  /// What no migration may change: each journey's rowid (the default order, and what the log's
  /// range of an import would name), every batch's id, and from version 3 on, when the log has
  /// its present shape, every change row's id and batch.
  static func rowsThatMustStay(in connection: Connection, version: Int64) throws -> [String] {
    var rows: [String] = []
    try connection.forEachRow("SELECT rowid, id FROM journey ORDER BY rowid") { rows.append("journey \($0.integer(at: 0)) \($0.text(at: 1))") }
    try connection.forEachRow("SELECT id FROM batch ORDER BY id") { rows.append("batch \($0.integer(at: 0))") }
    if version >= 3 {
      try connection.forEachRow("SELECT id, batch, journey, kind FROM change ORDER BY id") { row in
        rows.append("change \(row.integer(at: 0)) \(row.integer(at: 1)) \(row.text(at: 2)) \(row.text(at: 3))")
      }
    }
    return rows
  }

  /// A file whose foreign keys are broken (another program wrote with them off) is not migrated:
  /// the upgrade checks them, as SQLite advises after rebuilding a table, and rolls back.
  @Test func aFileWithABrokenForeignKeyIsNotMigrated() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("journeys-v4.sqlite").path, toPath: copy)
    try Connection(path: copy, busyTimeout: .seconds(1)).execute("""
      PRAGMA foreign_keys = OFF;
      INSERT INTO change (batch, journey, kind) VALUES (999999, '0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001', 'insert');
      """)
    #expect(throws: JourneyDatabaseError.self) { try JourneyDatabase(path: copy).upgradeSchema() }
    #expect(try Connection(path: copy, busyTimeout: .seconds(1)).pragma("user_version") == 4)
  }

  /// A journey read before the upgrade is followed after it, and the first write upgrades the
  /// file once and says so.
  @Test func theFirstWriteUpgradesOnceAndSaysSo() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("journeys-v1.sqlite").path, toPath: copy)
    let upgrades = Mutex<[ClosedRange<Int64>]>([])
    let database = try JourneyDatabase(
      path: copy, configuration: .init(didUpgradeSchema: { old, new in upgrades.withLock { $0.append(old...new) } }))
    let run = try database.journey(matching: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001")
    #expect(try database.refresh().isEmpty)
    #expect(upgrades.withLock { $0 }.isEmpty)

    try database.edit(run.id) { $0.name = "Evening run" }
    try database.add(Journey(name: "Second write"))
    #expect(upgrades.withLock { $0 } == [1...Schema.currentVersion])
    #expect(run.name == "Evening run")
    // Another connection's change reaches the journey read before the upgrade.
    try Connection(path: copy, busyTimeout: .seconds(1))
      .execute("UPDATE journey SET name = 'Night run' WHERE id = '0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001'")
    #expect(try database.refresh().map(\.field) == [.name])
    #expect(run.name == "Night run")
  }

  @Test func aVersion2LogMigratesWithoutLosingAChangeOrABatch() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("journeys-v2.sqlite").path, toPath: copy)
    // The version 2 log, one row per field, read with version 2's own columns.
    var before: [Fixtures.Change] = []
    var batches: [[DatabaseValue]] = []
    do {
      let connection = try Connection(path: copy, busyTimeout: .seconds(1))
      try connection.forEachRow("SELECT batch, journey, kind, field, old, new FROM change ORDER BY id") { row in
        before.append(Fixtures.Change(
          batch: row.integer(at: 0), journey: row.text(at: 1), kind: row.text(at: 2),
          field: row.value(at: 3).text, old: row.value(at: 4), new: row.value(at: 5)))
      }
      try connection.forEachRow("SELECT id, at, origin, kind, reverts FROM batch ORDER BY id") { row in
        batches.append((0..<5).map { row.value(at: Int32($0)) })
      }
    }
    #expect(!before.isEmpty)

    try JourneyDatabase(path: copy).upgradeSchema()
    #expect(try Fixtures.changes(in: copy) == before)
    var after: [[DatabaseValue]] = []
    try Connection(path: copy, busyTimeout: .seconds(1))
      .forEachRow("SELECT id, at, origin, kind, reverts FROM batch ORDER BY id") { row in
        after.append((0..<5).map { row.value(at: Int32($0)) })
      }
    #expect(after == batches)
  }
}

extension MigrationTests {
  /// Versions 6 to 10 add columns, tables and triggers only (version 9 renames the registers'
  /// table and makes a new one, version 10 makes the triggers' `journey_replaced` again): the
  /// first write on a version-5 file rebuilds no table (the journey table and the log keep their
  /// pages), and a read upgrades nothing.
  @Test func versions6To10RebuildNoTable() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("journeys-v5.sqlite").path, toPath: copy)
    func rootPages() throws -> [String] {
      let connection = try Connection(path: copy, readOnly: true, busyTimeout: .seconds(1))
      var pages: [String] = []
      try connection.forEachRow("SELECT name, rootpage FROM sqlite_schema WHERE name IN ('journey', 'batch', 'change') ORDER BY name") {
        pages.append("\($0.text(at: 0)) \($0.integer(at: 1))")
      }
      return pages
    }
    let before = try rootPages()
    let database = try JourneyDatabase(path: copy)
    #expect(try database.syncStatus().replica == nil)
    #expect(try database.schemaVersion == 5)
    try database.add(Journey(name: "First write"))
    #expect(try database.schemaVersion == Schema.currentVersion)
    #expect(try rootPages() == before)
  }

  /// A version-7 file whose log holds a range (`fixtures/journeys-v7-range.sqlite`: roadtrip at
  /// version 7 added "Before", then imported 1,100 journeys with the ids
  /// `00000000-0000-4000-8000-000000000000` to `…001099`, ids and durations by their place):
  /// upgraded, the range reads as it did, an undo anchors it to its own rows (`Schema.version8`),
  /// and undo and redo go back and forth with the history and `db check` right.
  @Test func aVersion7RangeIsUndoneAndRedoneAfterTheUpgrade() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("journeys.sqlite")
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("journeys-v7-range.sqlite").path, toPath: copy)
    let ids = (0..<1_100).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", $0))! }
    let database = try JourneyDatabase(path: copy)
    #expect(try database.schemaVersion == 7)
    #expect(try database.upgradeSchema() == 7)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change_range WHERE first_delete IS NULL", in: database) == 1)
    #expect(try InsertRangeTests.inserted(by: 2, in: database) == ids)
    #expect(try database.checkIntegrity().problems == [])
    let undo = try #require(try database.undo(scope: .wholeFile))
    #expect(undo.revertedBatch == 2 && undo.deleted == 1_100)
    #expect(try InsertRangeTests.count("SELECT count(*) FROM change WHERE batch = 2", in: database) == 1)
    try AnchoredRangeTests.expectHistory(of: (ids, 2), undo: undo.batch, in: database, "after the undo")
    #expect(try database.journeys().map(\.name) == ["Before"])
    #expect(try database.redo()?.inserted == 1_100)
    #expect(try database.journeys().map(\.duration).sorted() == (1...1_100).map(Double.init) + [3_600])
    try AnchoredRangeTests.expectHistory(of: (ids, 2), undo: undo.batch, in: database, "after the redo")
    #expect(try database.undo()?.deleted == 1_100)
    try AnchoredRangeTests.expectHistory(of: (ids, 2), undo: undo.batch, in: database, "after the second undo")
  }
}

