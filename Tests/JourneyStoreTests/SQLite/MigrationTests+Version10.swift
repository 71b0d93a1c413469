import Foundation
import Testing
@testable import JourneyStore

extension MigrationTests {
  /// A version-9 file (`fixtures/journeys-v9.sqlite`) upgraded to version 10: what version 9's
  /// triggers kept for an insert that did not happen (an `INSERT OR IGNORE` of an id in use)
  /// goes with its `journey_replaced`, and another program's replace of a journey by its rowid,
  /// or its update onto another journey's id, is then logged as that journey's delete, which
  /// undo takes back.
  @Test func aVersion9FileLogsAReplaceByRowidOnceUpgraded() async throws {
    let sandbox = try CLISandbox()
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("journeys-v9.sqlite").path,
      toPath: sandbox.databasePath)
    let run = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001", skate = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0002"
    let scooter = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0003", newID = OutsideReplaceLogTests.newID
    func kept() throws -> Int64? {
      try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
        .firstValue("SELECT count(*) FROM journey_replaced")?.integer
    }
    try await sandbox.sqlite3("""
      INSERT OR IGNORE INTO journey (id, name, transportation_type, start_date, duration)
      VALUES ('\(run)', 'Ignored', 'car', 0, 1)
      """).expectSuccess("sqlite3")
    #expect(try kept() == 1)
    try await sandbox.run("db", "migrate").expectSuccess()
    let upgraded = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    #expect(try upgraded.pragma("user_version") == Schema.currentVersion)
    #expect(try kept() == 0)

    let before = try sandbox.records()
    try await sandbox.sqlite3("""
      INSERT OR REPLACE INTO journey (rowid, id, name, transportation_type, start_date, duration)
      VALUES (\(OutsideReplaceLogTests.rowid(of: skate)), '\(newID)', 'In its place', 'car', 0, 10)
      """).expectSuccess("sqlite3")
    let replaced = try await OutsideReplaceLogTests.lastBatch(in: sandbox)
    #expect(replaced == ["delete \(skate)", "insert \(newID)"])
    try await sandbox.sqlite3("UPDATE OR REPLACE journey SET id = '\(run)' WHERE id = '\(scooter)'")
      .expectSuccess("sqlite3")
    #expect(try await OutsideReplaceLogTests.lastBatch(in: sandbox) == [
      "delete \(run)", "delete \(scooter)", "insert \(run)",
    ])
    try await sandbox.run("undo", "--yes").expectSuccess()
    try await sandbox.run("undo", "--yes").expectSuccess()
    #expect(try sandbox.records() == before)
    try await sandbox.run("db", "check").expectSuccess()
  }
}
