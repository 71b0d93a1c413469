import Foundation
import Testing

/// Another program writing the same file: the sqlite3 shell, a real process.
enum OtherProgram {
  /// Runs SQL in the sqlite3 shell on the file at `path`, waiting up to 10 s for its lock.
  static func sqlite3(_ sql: String, on path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-cmd", ".timeout 10000", path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
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
  /// Starts a python3 process that takes the file's write lock (`BEGIN IMMEDIATE`) and holds it
  /// for `seconds`; returns once the lock is taken.
  static func holdWriteLock(on path: String, seconds: Double) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = """
      import sqlite3, sys, time
      c = sqlite3.connect(sys.argv[1], isolation_level=None)
      c.execute("BEGIN IMMEDIATE")
      print("locked", flush=True)
      time.sleep(float(sys.argv[2]))
      c.execute("COMMIT")
      """
    process.arguments = ["python3", "-c", script, path, String(seconds)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let line = output.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self).hasPrefix("locked"))
    return process
  }
}

extension OtherProgram {
  /// Checks, in a python3 process, that no other connection has the file open: SQLite takes an
  /// exclusive lock on a file in WAL mode only when it is the one connection (it then removes the
  /// -wal and -shm files as it closes).
  static func expectExclusiveLock(on path: String) {
    let script = """
      import os, sqlite3, sys
      c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
      c.execute("PRAGMA locking_mode = EXCLUSIVE")
      c.execute("BEGIN EXCLUSIVE")
      c.execute("COMMIT")
      c.close()
      print("alone" if not os.path.exists(sys.argv[1] + "-wal") else "shared")
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      Issue.record(error)
      return
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.hasPrefix("alone"), "\(text)")
  }
}
