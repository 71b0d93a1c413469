import Foundation
import Testing

/// Another program writing the same file: the sqlite3 shell or python3, a real process started
/// through the tests' shared tools (`SQLiteShell`, `Child`).
enum OtherProgram {
  /// Runs SQL in the sqlite3 shell on the file at `path`, waiting up to 10 s for its lock.
  static func sqlite3(_ sql: String, on path: String) throws {
    try SQLiteShell.runBlocking(sql, on: path).expectSuccess("sqlite3 \(sql)")
  }

  /// Inserts a journey, as another program would, with a new id; returns the id.
  @discardableResult
  static func insertJourney(named name: String, on path: String) throws -> UUID {
    let id = UUID()
    try sqlite3(
      "INSERT INTO journey (id, name, transportation_type, start_date, duration) "
        + "VALUES ('\(id.uuidString.lowercased())', '\(name)', 'bus', 800000000, 600)",
      on: path)
    return id
  }
}

extension OtherProgram {
  /// Checks, in a python3 process, that no other connection has the file open: SQLite takes an
  /// exclusive lock on a file in WAL mode only when it is the one connection (it then removes the
  /// -wal and -shm files as it closes).
  static func expectExclusiveLock(on path: String) throws {
    let script = """
      import os, sqlite3, sys
      c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
      c.execute("PRAGMA locking_mode = EXCLUSIVE")
      c.execute("BEGIN EXCLUSIVE")
      c.execute("COMMIT")
      c.close()
      print("alone" if not os.path.exists(sys.argv[1] + "-wal") else "shared")
      """
    let result = try Child.runBlocking("/usr/bin/env", ["python3", "-c", script, path])
    result.expectSuccess("python3")
    #expect(result.standardOutput.hasPrefix("alone"), "\(result)")
  }
}
