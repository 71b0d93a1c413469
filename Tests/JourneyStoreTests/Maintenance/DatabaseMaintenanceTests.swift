import Foundation
import Testing
@testable import JourneyStore

@Suite("Checking and backing up a database")
struct DatabaseMaintenanceTests {
  @Test func aSoundDatabaseReportsItsVersionAndContents() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try database.add(contentsOf: [Journey(name: "One"), Journey(name: "Two")])
    try database.edit(ids: try database.journeys().map(\.id)) { $0.name += "!" }
    let report = try database.checkIntegrity()
    #expect(report == IntegrityReport(
      schemaVersion: Schema.currentVersion, currentSchemaVersion: Schema.currentVersion, problems: [],
      journeyCount: 2, batchCount: 2))
    #expect(report.isSound)
  }

  @Test func brokenReferencesAndIndexesAreProblems() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("journeys.sqlite")
    try JourneyDatabase(path: path).add(Journey(name: "One"))
    let connection = try Connection(path: path, busyTimeout: .seconds(1))
    try connection.execute("""
      PRAGMA foreign_keys = OFF;
      INSERT INTO change (batch, journey, kind) VALUES (99, 'x', 'insert');
      """)
    let report = try JourneyDatabase(path: path).checkIntegrity()
    #expect(report.problems == ["row 2 of the change table refers to a missing row of batch"])
    #expect(!report.isSound)
  }

  @Test func aBackupIsAConsistentPrivateCopyAndNeverOverwrites() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let journey = try database.add(Journey(name: "Kept", transportationType: .bike, duration: 90))
    let copy = folder.file("backups/copy.sqlite")
    try database.backup(to: copy)
    let restored = try #require(try JourneyDatabase(path: copy).journey(id: journey.id))
    #expect(JourneyRecord(restored) == JourneyRecord(journey))
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o777 } == 0o600)
    let before = FileManager.default.contents(atPath: copy)
    #expect(throws: JourneyDatabaseError.self) { try database.backup(to: copy) }
    #expect(FileManager.default.contents(atPath: copy) == before)
  }

  @Test func readingSeesOneSnapshotWhileAnotherConnectionCommits() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("journeys.sqlite")
    let database = try JourneyDatabase(path: path)
    try database.add(Journey(name: "One"))
    let other = try JourneyDatabase(path: path)
    let counts = try database.reading {
      let before = try database.count()
      try other.add(Journey(name: "Two"))
      return (before, try database.count())
    }
    #expect(counts == (1, 1))
    #expect(try database.count() == 2)
  }
}
