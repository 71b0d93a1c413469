import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Another real process (the sqlite3 shell, or python3's sqlite3) holds the write lock in
/// `BEGIN IMMEDIATE`: roadtrip waits up to `$ROADTRIP_BUSY_TIMEOUT` and succeeds when the lock
/// goes away, or exits 75 past the timeout having changed nothing.
@Suite("Reliability: a database locked by another process")
struct LockingTests {
  private static let coast = SampleJourneys.coastID

  @Test(arguments: LockHolder.Program.allCases)
  func aCommandWaitsForTheLockAndThenSucceeds(_ program: LockHolder.Program) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    // The holder renames the journey in its transaction; roadtrip must see that name as the old
    // value, which proves it read the journey after the holder committed.
    let holder = try await LockHolder(
      program, on: sandbox.databasePath, writing: "UPDATE journey SET name = 'Renamed by the holder' WHERE id = '\(Self.coast)';",
      in: sandbox.folder)
    let command = try sandbox.start(["set", "aaaa1", "name=Renamed by roadtrip"], environment: ["ROADTRIP_BUSY_TIMEOUT": "180000"])
    // roadtrip is waiting: it cannot finish while the lock is held. (Its timeout is long because
    // on a loaded machine this test may not run again for many seconds.)
    let finishedEarly = try await command.wait(within: .milliseconds(700)) { !command.isRunning }
    #expect(!finishedEarly)
    #expect(command.isRunning)
    try await holder.release().expectSuccess()
    let result = try await command.finish(within: .seconds(240))
    result.expectSuccess()
    #expect(result.standardError == "")
    #expect(try sandbox.value("name", of: Self.coast) == "Renamed by roadtrip")
    let update = try #require(try Fixtures.changes(in: sandbox.databasePath).last)
    #expect(update.kind == "update")
    #expect(update.old == .text("Renamed by the holder"))
    #expect(update.new == .text("Renamed by roadtrip"))
  }

  @Test(arguments: LockHolder.Program.allCases, [
    ["transport", "aaaa1", "bike"], ["set", "aaaa1", "bbbb", "duration=2h"], ["add", "Another"], ["delete", "bbbb"],
    ["import", "journeys.ndjson"],
  ])
  func pastTheTimeoutACommandExits75AndChangesNothing(_ program: LockHolder.Program, _ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try Data(#"{"name":"Imported","transportationType":"bus","startDate":"2026-11-21","duration":60}"#.appending("\n").utf8)
      .write(to: URL(fileURLWithPath: sandbox.folder.file("journeys.ndjson")))
    let before = try sandbox.snapshot()
    let holder = try await LockHolder(program, on: sandbox.databasePath, in: sandbox.folder)
    let result = try await sandbox.runBounded(arguments, environment: ["ROADTRIP_BUSY_TIMEOUT": "300"], timeout: .seconds(30))
    // Reading still works while the lock is held.
    let list = try await sandbox.runBounded(["list", "--format", "ids"], environment: ["ROADTRIP_BUSY_TIMEOUT": "300"])
    try await holder.release().expectSuccess()
    result.expectExit(75)
    #expect(result.standardError.hasPrefix("roadtrip: error: the database stayed locked by another process ("))
    #expect(result.standardError.hasSuffix("try again, or wait longer with ROADTRIP_BUSY_TIMEOUT=MILLISECONDS\n"))
    #expect(result.standardOutput == "")
    list.expectSuccess()
    #expect(list.lines == SampleJourneys.idsByStart)
    #expect(try sandbox.snapshot() == before)
    // And once the lock is gone, the same command succeeds.
    let retried = try await sandbox.runBounded(arguments)
    retried.expectSuccess()
    #expect(try sandbox.batchCount() == before.batchCount + 1)
  }

  @Test func aWriterWaitingOnAFailingFirstImportKeepsItsJourney() async throws {
    let sandbox = try CLISandbox()
    // A first import creates the database and holds its write lock while it reads; a feeder
    // sends one good line, then, when told, a malformed one.
    let go = sandbox.folder.file("go")
    let feeder = """
      import os, sys, time
      sys.stdout.write('{"name":"Imported","transportationType":"bus","startDate":"2026-11-21","duration":60}\\n')
      sys.stdout.flush()
      for _ in range(30000):
          if os.path.exists(sys.argv[1]):
              break
          time.sleep(0.01)
      sys.stdout.write('not json\\n')
      sys.stdout.flush()
      time.sleep(300)
      """
    let pipe = Pipe()
    let feeding = try Child(
      "/usr/bin/env", ["python3", "-c", feeder, go], environment: sandbox.environment, in: sandbox.folder,
      output: pipe.fileHandleForWriting)
    let importing = try sandbox.start(["import"], input: pipe.fileHandleForReading)
    try pipe.fileHandleForWriting.close()
    try pipe.fileHandleForReading.close()
    defer { feeding.signal(SIGKILL) }
    let probe = { () -> Bool in
      guard sandbox.exists(sandbox.databasePath + "-wal"), let connection = try? Connection(path: sandbox.databasePath, busyTimeout: .zero) else {
        return false
      }
      do {
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute("ROLLBACK")
        return false
      } catch {
        return true
      }
    }
    #expect(try await importing.wait(within: .seconds(120), until: probe), "the import never held the lock")
    // Another process adds a journey meanwhile: it waits for the lock.
    let adding = try sandbox.start(["add", "Must survive"], environment: ["ROADTRIP_BUSY_TIMEOUT": "180000"])
    #expect(try await !adding.wait(within: .milliseconds(700)) { !adding.isRunning })
    #expect(FileManager.default.createFile(atPath: go, contents: nil))
    let imported = try await importing.finish(within: .seconds(120))
    let added = try await adding.finish(within: .seconds(240))
    imported.expectExit(65)
    // The add either failed and said so, or its journey is in the database.
    if added.exitCode == 0 {
      let id = added.standardOutput.trimmingCharacters(in: .newlines)
      #expect(sandbox.exists(sandbox.databasePath), "the journey the add reported was deleted with the database")
      #expect(try sandbox.exists(sandbox.databasePath) && sandbox.value("name", of: id) == "Must survive")
    } else {
      #expect(added.standardError.hasPrefix("roadtrip: error: "), "\(added)")
    }
  }
}

