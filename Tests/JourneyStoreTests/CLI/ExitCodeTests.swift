import Foundation
import Testing
@testable import JourneyStore

@Suite("Exit codes and refused databases")
struct ExitCodeTests {
  /// Commands that write, and one that reads, each run against a file that must stay as it is.
  private static let commands: [[String]] = [
    ["list"], ["add", "x"], ["set", "aaaa1", "name=x"], ["transport", "aaaa1", "bike"], ["delete", "aaaa1"],
    ["db", "check"],
  ]

  @Test(arguments: commands)
  func aFileThatIsNotADatabaseIs65AndUntouched(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    let garbage = Data(String(repeating: "not a database\n", count: 300).utf8)
    #expect(FileManager.default.createFile(atPath: sandbox.databasePath, contents: garbage))
    let result = try await sandbox.run(arguments)
    result.expectExit(65)
    #expect(result.standardError.hasPrefix("roadtrip: error: \(sandbox.databasePath): the database is damaged or is not a SQLite database"))
    #expect(sandbox.bytes(of: sandbox.databasePath) == garbage)
    #expect(!sandbox.exists(sandbox.databasePath + "-wal"))
  }

  @Test(arguments: commands)
  func aNewerSchemaIs65AndUntouched(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let connection = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    try connection.execute("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE)")
    let before = sandbox.bytes(of: sandbox.databasePath)
    let result = try await sandbox.run(arguments)
    result.expectExit(65)
    #expect(result.standardError == """
      roadtrip: error: \(sandbox.databasePath) has schema version 99, newer than this roadtrip knows (\(Schema.currentVersion)); \
      upgrade roadtrip to use it

      """)
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
  }

  @Test func anotherApplicationsDatabaseIs65() async throws {
    let sandbox = try CLISandbox()
    let other = try Connection(path: sandbox.databasePath, create: true, busyTimeout: .seconds(1))
    try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
    let before = sandbox.bytes(of: sandbox.databasePath)
    let result = try await sandbox.run("add", "x")
    result.expectExit(65)
    #expect(result.standardError.contains("is a SQLite database, but not a roadtrip one"))
    #expect(sandbox.bytes(of: sandbox.databasePath) == before)
  }

  @Test(arguments: [
    ["transport", "aaaa1", "bike"], ["set", "aaaa1", "bbbb", "name=x"], ["add", "x"], ["delete", "bbbb"],
  ])
  func aDatabaseLockedPastTheBusyTimeoutIs75AndNothingChanges(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let holder = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(1))
    try holder.execute("BEGIN IMMEDIATE")
    let started = Date()
    let result = try await sandbox.run(arguments, environment: ["ROADTRIP_BUSY_TIMEOUT": "200"])
    let waited = Date().timeIntervalSince(started)
    try holder.execute("ROLLBACK")
    result.expectExit(75)
    #expect(result.standardError.hasPrefix("roadtrip: error: the database stayed locked by another process"))
    #expect(result.standardError.contains("ROADTRIP_BUSY_TIMEOUT"))
    #expect(waited >= 0.2)
    #expect(try sandbox.snapshot() == before)
  }

  @Test func readingIsNotBlockedByAWriter() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let holder = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(1))
    try holder.execute("BEGIN IMMEDIATE; UPDATE journey SET name = 'pending'")
    let result = try await sandbox.run("list", "--format", "ids", environment: ["ROADTRIP_BUSY_TIMEOUT": "200"])
    try holder.execute("ROLLBACK")
    result.expectSuccess()
    #expect(result.lines == SampleJourneys.idsByStart)
  }

  @Test(arguments: ["soon", "-5", "1.5"])
  func aBadBusyTimeoutIsAUsageError(_ value: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("list", environment: ["ROADTRIP_BUSY_TIMEOUT": value])
    result.expectExit(64)
    #expect(result.standardError == """
      roadtrip: error: ROADTRIP_BUSY_TIMEOUT='\(value)' is not a whole number of milliseconds, such as 5000; \
      fix or unset it

      """)
  }

  @Test func aDatabaseThatCannotBeCreatedIs73() async throws {
    let sandbox = try CLISandbox()
    let blocker = sandbox.folder.file("plain-file")
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
    let result = try await sandbox.run("add", "x", "--db", blocker + "/inside/journeys.sqlite")
    result.expectExit(73)
    #expect(result.standardError.hasPrefix("roadtrip: error: cannot create \(blocker)/"))
    #expect(result.standardError.contains("Not a directory"))
  }

  @Test func aFolderInPlaceOfTheDatabaseIsAnIOError() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("list", "--db", sandbox.folder.path)
    result.expectExit(74)
    #expect(result.standardError.hasPrefix("roadtrip: error: \(sandbox.folder.path) is not a regular file"))
  }

  @Test func anUnknownCommandIsAUsageError() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("frobnicate")
    result.expectExit(64)
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(result.standardError.contains("frobnicate"))
    #expect(result.standardError.contains("'roadtrip --help' lists the commands"))
  }

  @Test func anInterruptedCommandIs130AndChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let holder = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(1))
    try holder.execute("BEGIN IMMEDIATE")
    // Waiting far longer than the test can be held up on a loaded machine: a 10 s wait once ran
    // out (exit 75) before the interrupt came.
    let command = try sandbox.start(["transport", "aaaa1", "bike"], environment: ["ROADTRIP_BUSY_TIMEOUT": "600000"])
    try await Task.sleep(for: .milliseconds(300))
    command.signal(SIGINT)
    #expect(try await command.finish(within: nil).exitCode == 130)
    try holder.execute("ROLLBACK")
    #expect(try sandbox.snapshot() == before)
  }
}
