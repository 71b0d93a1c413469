import Foundation
import Testing
@testable import JourneyStore

@Suite("Opening and creating database files")
struct DatabaseFileTests {
  @Test func createsMissingFoldersPrivately() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("a/b/journeys.sqlite")
    _ = try JourneyDatabase(path: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    for folderPath in [folder.file("a"), folder.file("a/b")] {
      let folderAttributes = try FileManager.default.attributesOfItem(atPath: folderPath)
      #expect((folderAttributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
    }
  }

  @Test func newDatabaseIsInWALModeAtTheCurrentSchema() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let connection = try Fixtures.connection(to: database)
    #expect(try connection.firstValue("PRAGMA journal_mode") == .text("wal"))
    #expect(try connection.pragma("user_version") == Schema.currentVersion)
    #expect(try connection.pragma("application_id") == Schema.applicationID)
  }

  @Test func anEmptyFileBecomesADatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let database = try JourneyDatabase(path: path)
    try database.add(Journey(name: "First"))
    #expect(try database.count() == 1)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndUntouched() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("notes.sqlite")
    let garbage = Data(String(repeating: "this is not a database\n", count: 200).utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: garbage))
    let error = try #require(throws: SQLiteError.self) { try JourneyDatabase(path: path) }
    #expect(error.kind == .corrupt)
    #expect(Fixtures.bytes(of: path) == garbage)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndUntouched() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("other.sqlite")
    do {
      let other = try Connection(path: path, create: true, busyTimeout: .seconds(1))
      try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
    }
    let before = Fixtures.bytes(of: path)
    #expect(throws: JourneyDatabaseError.notARoadtripDatabase(path: path)) { try JourneyDatabase(path: path) }
    #expect(Fixtures.bytes(of: path) == before)
  }

  @Test func aNewerSchemaIsRefusedAndUntouched() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("future.sqlite")
    do {
      let database = try JourneyDatabase(path: path)
      try database.add(Journey(name: "From the future"))
      try database.connection.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
      try database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = Fixtures.bytes(of: path)
    #expect(throws: JourneyDatabaseError.newerSchema(
      path: path, version: Schema.currentVersion + 1, supported: Schema.currentVersion)
    ) {
      try JourneyDatabase(path: path)
    }
    #expect(Fixtures.bytes(of: path) == before)
  }

  @Test func readOnlyOpeningDoesNotCreateOrMigrate() throws {
    let folder = try TemporaryFolder()
    let missing = folder.file("missing.sqlite")
    let error = try #require(throws: SQLiteError.self) {
      try JourneyDatabase(path: missing, configuration: .init(isReadOnly: true))
    }
    #expect(error.kind == .cannotOpen)
    #expect(!FileManager.default.fileExists(atPath: missing))

    let empty = folder.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(throws: JourneyDatabaseError.needsMigration(path: empty, version: 0)) {
      try JourneyDatabase(path: empty, configuration: .init(isReadOnly: true))
    }
    #expect(Fixtures.bytes(of: empty) == Data())
  }

  @Test func aFolderThatCannotBeCreatedIsReported() throws {
    let folder = try TemporaryFolder()
    let blocker = folder.file("plain-file")
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
    let error = try #require(throws: JourneyDatabaseError.self) {
      try JourneyDatabase(path: blocker + "/inside/journeys.sqlite")
    }
    guard case .cannotCreate(let path, let reason) = error else {
      Issue.record("expected cannotCreate, got \(error)")
      return
    }
    #expect(path.hasPrefix(blocker))
    #expect(reason.contains("Not a directory"))
  }

  @Test func reopeningKeepsEverything() throws {
    let folder = try TemporaryFolder()
    let journey = Journey(name: "Coast road", transportationType: .bike, startDate: Fixtures.morning, duration: 5400)
    try Fixtures.database(in: folder).add(journey)
    let reopened = try Fixtures.database(in: folder)
    let read = try #require(try reopened.journey(id: journey.id))
    #expect(read.name == "Coast road")
    #expect(read.transportationType == .bike)
    #expect(read.startDate == Fixtures.morning)
    #expect(read.duration == 5400)
  }
}
