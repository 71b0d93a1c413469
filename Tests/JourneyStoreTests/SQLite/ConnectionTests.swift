import Foundation
import Testing
@testable import JourneyStore

@Suite("The SQLite connection")
struct ConnectionTests {
  private func connection(in folder: TemporaryFolder) throws -> Connection {
    let connection = try Connection(path: folder.file("raw.sqlite"), create: true, busyTimeout: .seconds(1))
    try connection.execute("CREATE TABLE item (value ANY)")
    return connection
  }

  @Test(arguments: [
    DatabaseValue.null, .integer(Int64.min), .integer(42), .real(-0.5), .real(.greatestFiniteMagnitude),
    .text(""), .text("nul\u{0}byte"), .text("émoji 🚌"), .blob([]), .blob([0, 255, 0, 1]),
  ])
  func everyStorageClassRoundTrips(value: DatabaseValue) throws {
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    try connection.run("INSERT INTO item VALUES (?)", [value])
    #expect(try connection.firstValue("SELECT value FROM item") == value)
  }

  @Test func errorsCarryTheCodesTheMessageAndTheSQL() throws {
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    try connection.execute("CREATE TABLE strict (n INTEGER NOT NULL) STRICT")
    let error = try #require(throws: SQLiteError.self) {
      try connection.run("INSERT INTO strict VALUES (?)", [.null])
    }
    #expect(error.resultCode == .constraint)
    #expect(error.extendedResultCode.rawValue == 1299)  // SQLITE_CONSTRAINT_NOTNULL
    #expect(error.extendedResultCode.primary == .constraint)
    #expect(error.kind == .constraint)
    #expect(error.message == "NOT NULL constraint failed: strict.n")
    #expect(error.sql == "INSERT INTO strict VALUES (?)")
    #expect("\(error)" == "SQLite error 19 (NOT NULL constraint failed: strict.n)", "no internal SQL in what a user sees")
    #expect(String(reflecting: error) == "SQLite error 19 (NOT NULL constraint failed: strict.n) while executing INSERT INTO strict VALUES (?)")

    // A statement is given one value for each parameter, no more and no fewer.
    for values: [DatabaseValue] in [[], [.integer(1), .integer(2)]] {
      let count = try #require(throws: SQLiteError.self) { try connection.run("INSERT INTO strict VALUES (?)", values) }
      #expect(count.resultCode == .range)
      #expect(count.message == "wrong number of values: \(values.count) for 1 parameters")
    }
    let syntax = try #require(throws: SQLiteError.self) { try connection.statement("SELEKT 1") }
    #expect(syntax.kind == .other)
    #expect(syntax.message.contains("syntax error"))
  }

  @Test func statementsArePreparedOnceAndReusable() throws {
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    let sql = "INSERT INTO item VALUES (?)"
    #expect(try connection.statement(sql) === connection.statement(sql))
    for value in 1...3 { try connection.run(sql, [.integer(Int64(value))]) }
    // A statement that failed is reset, so it runs again.
    try connection.execute("CREATE UNIQUE INDEX item_value ON item (value)")
    #expect(throws: SQLiteError.self) { try connection.run(sql, [.integer(1)]) }
    try connection.run(sql, [.integer(4)])
    #expect(try connection.firstValue("SELECT count(*) FROM item") == .integer(4))
  }

  @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
    struct Abandon: Error {}
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    #expect(throws: Abandon.self) {
      try connection.transaction {
        try connection.run("INSERT INTO item VALUES (1)")
        throw Abandon()
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try connection.firstValue("SELECT count(*) FROM item") == .integer(0))
  }

  @Test func aSavepointUndoesOnlyItsOwnWrites() throws {
    struct Abandon: Error {}
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    try connection.transaction {
      try connection.run("INSERT INTO item VALUES ('kept')")
      try? connection.savepoint {
        try connection.run("INSERT INTO item VALUES ('undone')")
        throw Abandon()
      }
      try connection.savepoint { try connection.run("INSERT INTO item VALUES ('released')") }
    }
    var values: [String] = []
    try connection.forEachRow("SELECT value FROM item ORDER BY rowid") { values.append($0.text(at: 0)) }
    #expect(values == ["kept", "released"])
  }

  @Test func anImmediateTransactionWaitsForTheLockThenGivesUp() throws {
    let folder = try TemporaryFolder()
    let holder = try connection(in: folder)
    try holder.execute("PRAGMA journal_mode = WAL")
    let waiter = try Connection(path: folder.file("raw.sqlite"), busyTimeout: .milliseconds(200))
    try holder.execute("BEGIN IMMEDIATE")
    let started = ContinuousClock.now
    let error = try #require(throws: SQLiteError.self) { try waiter.transaction { } }
    #expect(error.kind == .busy)
    #expect(ContinuousClock.now - started >= .milliseconds(190))
    // Readers are not blocked by a writer in WAL mode.
    #expect(try waiter.firstValue("SELECT count(*) FROM item") == .integer(0))
    try holder.execute("COMMIT")
    try waiter.transaction { try waiter.run("INSERT INTO item VALUES (1)") }
  }

  @Test func foreignKeysAreEnforced() throws {
    let folder = try TemporaryFolder()
    let connection = try connection(in: folder)
    #expect(try connection.pragma("foreign_keys") == 1)
    let database = try Fixtures.database(in: folder)
    let error = try #require(throws: SQLiteError.self) {
      try database.connection.run("INSERT INTO change (batch, journey, kind) VALUES (999, 'x', 'insert')")
    }
    #expect(error.kind == .constraint)
  }
}
