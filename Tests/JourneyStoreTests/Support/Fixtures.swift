import Foundation
@testable import JourneyStore

/// Helpers shared by the tests that open real databases.
enum Fixtures {
  /// A fixed moment: 2026-11-21T08:00:00Z.
  static let morning = Date(timeIntervalSince1970: 1_795_248_000)

  /// Opens (creating it) a database in a temporary folder.
  static func database(
    in folder: TemporaryFolder, name: String = "journeys.sqlite", origin: String = "tests",
    busyTimeout: Duration = .seconds(5)
  ) throws -> JourneyDatabase {
    try JourneyDatabase(
      path: folder.file(name), configuration: .init(busyTimeout: busyTimeout, origin: origin))
  }

  /// A raw second connection to the same file, as another process would have.
  static func connection(to database: JourneyDatabase, busyTimeout: Duration = .seconds(5)) throws -> Connection {
    try Connection(path: database.path, busyTimeout: busyTimeout)
  }

  /// The stored values of a journey's row, read through a fresh connection.
  static func row(_ id: UUID, in path: String) throws -> [DatabaseValue]? {
    try JourneyRow.values(of: id, in: Connection(path: path, busyTimeout: .seconds(5)))?.stored
  }

  /// Every change of the log, oldest first, as (batch, journey, kind, field, old, new), read
  /// without opening the file as a `JourneyDatabase` (which would migrate it).
  static func changes(in path: String) throws -> [Change] {
    var changes: [Change] = []
    try ChangeLog(connection: Connection(path: path, busyTimeout: .seconds(5)))
      .forEachChange(ChangeQuery(isNewestFirst: false)) { change in
        changes.append(Change(
          batch: change.batch, journey: change.journeyID.lowercasedText, kind: change.kind.rawValue,
          field: change.field?.name, old: change.oldValue?.stored ?? .null, new: change.newValue?.stored ?? .null))
      }
    return changes
  }

  /// Runs `body` on `connection` with the change log's triggers dropped, in one transaction, and
  /// puts them back: a write the log cannot explain, as a tool that disables triggers makes.
  static func bypassingTheLog(_ connection: Connection, _ body: () throws -> Void) throws {
    try connection.transaction(.immediate) {
      var triggers: [(String, String)] = []
      try connection.forEachRow("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'journey_logs_%'") {
        triggers.append(($0.text(at: 0), $0.text(at: 1)))
      }
      for (name, _) in triggers { try connection.execute("DROP TRIGGER \(name)") }
      try body()
      for (_, sql) in triggers { try connection.execute(sql) }
    }
  }

  /// The number of batches in the change log.
  static func batchCount(in path: String) throws -> Int64 {
    let value = try Connection(path: path, busyTimeout: .seconds(5)).firstValue("SELECT count(*) FROM batch")
    if case .integer(let count) = value { return count }
    return -1
  }

  /// The bytes of a file, to show that a refused file was left untouched.
  static func bytes(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  struct Change: Equatable {
    var batch: Int64
    var journey: String
    var kind: String
    var field: String?
    var old: DatabaseValue
    var new: DatabaseValue
  }
}
