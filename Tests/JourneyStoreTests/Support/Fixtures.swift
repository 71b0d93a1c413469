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
    try JourneyRow.values(of: id, in: Connection(path: path, busyTimeout: .seconds(5)))
  }

  /// Every row of the change log, oldest first, as (batch, journey, kind, field, old, new).
  static func changes(in path: String) throws -> [Change] {
    var changes: [Change] = []
    try Connection(path: path, busyTimeout: .seconds(5)).forEachRow(
      "SELECT batch, journey, kind, field, old, new FROM change ORDER BY id"
    ) { row in
      changes.append(Change(
        batch: row.integer(at: 0), journey: row.text(at: 1), kind: row.text(at: 2),
        field: row.value(at: 3).text, old: row.value(at: 4), new: row.value(at: 5)))
    }
    return changes
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
