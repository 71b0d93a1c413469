import Foundation
import Testing
@testable import JourneyStore

/// What `JourneyDatabase.restore` may replace: a roadtrip database (damaged or not), an empty
/// one, a missing one; never a SQLite database of another program, checked before anything is
/// written and again under the copy's write lock (issue 22).
@Suite("What a restore replaces")
struct RestoreTargetTests {
  /// A backup of two journeys, and a database of invoices, as another program keeps one.
  static func backupAndForeignDatabase(in folder: TemporaryFolder) throws -> (backup: String, foreign: String) {
    let backup = folder.file("backup.sqlite")
    try JourneyDatabase(path: backup).add(contentsOf: [Journey(name: "One"), Journey(name: "Two")])
    let foreign = folder.file("invoices.sqlite")
    try Connection(path: foreign, create: true, busyTimeout: .seconds(1)).execute("""
      CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL);
      INSERT INTO invoices (amount) VALUES (100), (200);
      """)
    return (backup, foreign)
  }

  @Test func aDatabaseOfAnotherProgramIsRefusedAndUntouched() throws {
    let folder = try TemporaryFolder()
    let (backup, foreign) = try Self.backupAndForeignDatabase(in: folder)
    let before = try #require(FileManager.default.contents(atPath: foreign))
    #expect(throws: JourneyDatabaseError.notARoadtripDatabase(path: foreign)) {
      try JourneyDatabase.inspectRestoreTarget(at: foreign, busyTimeout: .seconds(1))
    }
    #expect(throws: JourneyDatabaseError.notARoadtripDatabase(path: foreign)) {
      try JourneyDatabase.restore(foreign, from: backup, configuration: .init(busyTimeout: .seconds(1)))
    }
    #expect(FileManager.default.contents(atPath: foreign) == before)
    #expect(!FileManager.default.fileExists(atPath: foreign + "-wal"))
  }

  @Test func whatItReplacesIsCounted() throws {
    let folder = try TemporaryFolder()
    let (backup, _) = try Self.backupAndForeignDatabase(in: folder)
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try database.add(contentsOf: [Journey(name: "A"), Journey(name: "B"), Journey(name: "C")])
    try database.add(Journey(name: "D"))
    #expect(try JourneyDatabase.inspectRestoreTarget(at: database.path, busyTimeout: .seconds(1))
      == .journeys(journeyCount: 4, batchCount: 2))
    #expect(try JourneyDatabase.inspectRestoreTarget(at: folder.file("missing.sqlite"), busyTimeout: .seconds(1)) == .missing)
    let empty = folder.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: nil, attributes: [.posixPermissions: 0o600]))
    #expect(try JourneyDatabase.inspectRestoreTarget(at: empty, busyTimeout: .seconds(1)) == .empty)
    try JourneyDatabase.restore(empty, from: backup, configuration: .init(busyTimeout: .seconds(1)))
    #expect(try JourneyDatabase(path: empty).count() == 2)
  }

  /// While the copy holds the write lock, another process can read the database (the check) but
  /// not write it; a check that fails then leaves the database as it was.
  @Test func theCheckUnderTheCopysLockSeesTheLastCommitAndCanStopIt() throws {
    let folder = try TemporaryFolder()
    let (backup, _) = try Self.backupAndForeignDatabase(in: folder)
    let path = folder.file("journeys.sqlite")
    try JourneyDatabase(path: path).add(Journey(name: "Kept"))
    let destination = try Connection(path: path, busyTimeout: .seconds(1))
    let source = try Connection(path: backup, readOnly: true, busyTimeout: .seconds(1))
    let reader = try Connection(path: path, readOnly: true, busyTimeout: .zero)
    let writer = try Connection(path: path, busyTimeout: .zero)
    struct Stop: Error {}
    var count: Int64?
    var writeError: SQLiteError.Kind?
    #expect(throws: Stop.self) {
      try destination.copyPages(from: source) {
        count = try reader.firstValue("SELECT count(*) FROM journey")?.integer
        do {
          try writer.execute("DELETE FROM journey")
        } catch {
          writeError = (error as? SQLiteError)?.kind
        }
        throw Stop()
      }
    }
    #expect(count == 1)
    #expect(writeError == .busy)
    #expect(try JourneyDatabase(path: path).journeys().map(\.name) == ["Kept"])
  }
}
