import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Files that are not what roadtrip wrote, or not all of it: a clear error (65) or a correct
/// recovery, never a crash, and a refused file is never made worse (its bytes are compared).
@Suite("Reliability: damaged database files")
struct DamagedFileTests {
  /// Every kind of command: reading, writing, importing, exporting, checking, backing up.
  private static let commands: [[String]] = [
    ["list"], ["show", "aaaa1"], ["export"], ["add", "x"], ["set", "aaaa1", "name=x"], ["transport", "bbbb", "bike"],
    ["delete", "bbbb"], ["import", "one.ndjson"], ["db", "check"], ["db", "backup", "copy.sqlite"],
  ]

  /// A damage, applied to a database of 3,000 journeys whose WAL was checkpointed away.
  enum Damage: String, CaseIterable, CustomTestStringConvertible {
    case notADatabase = "not a database"
    case truncatedToHalf = "truncated to half its size"
    case truncatedInsideTheHeader = "truncated inside the header"
    case newerSchema = "a newer schema"
    case garbledPages = "garbled pages in the middle"
    var testDescription: String { rawValue }
  }

  @Test(arguments: Damage.allCases, commands)
  func aDamagedFileIs65AndUntouched(_ damage: Damage, _ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try await onOwnThread { try Self.makeDamaged(damage, sandbox) }
    let before = try #require(sandbox.bytes(of: sandbox.databasePath))
    let result = try await sandbox.runBounded(arguments)
    result.expectExit(65)
    #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(result)")
    let expected = switch damage {
    case .newerSchema: "has schema version 99, newer than this roadtrip knows (\(Schema.currentVersion)); upgrade roadtrip to use it"
    default: "the database is damaged or is not a SQLite database ("
    }
    #expect(result.standardError.contains(expected), "\(result)")
    #expect(result.standardError.hasSuffix("\n") && result.standardError.split(separator: "\n").count == 1, "\(result)")
    #expect(sandbox.bytes(of: sandbox.databasePath) == before, "the refused file changed")
    #expect(!sandbox.exists(sandbox.folder.file("copy.sqlite")))
  }

  @Test func aWALLeftByAKilledProcessIsRecovered() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    // Another program commits a change, then is killed before it can checkpoint or close: the
    // change exists only in the WAL it left behind.
    let script = """
      import os, signal, sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("PRAGMA wal_autocheckpoint = 0")
      connection.execute("UPDATE journey SET name = 'Only in the WAL' WHERE id = ?", (sys.argv[2],))
      os.kill(os.getpid(), signal.SIGKILL)
      """
    let killed = try await Child.run(
      "/usr/bin/env", ["python3", "-c", script, sandbox.databasePath, SampleJourneys.coastID],
      environment: sandbox.environment, in: sandbox.folder)
    #expect(killed.exitCode == 128 + SIGKILL, "\(killed)")
    #expect(sandbox.size(of: sandbox.databasePath + "-wal") > 0)

    let show = try await sandbox.runBounded(["show", "aaaa1", "--format", "json"])
    show.expectSuccess()
    #expect(show.standardOutput.contains(#""name":"Only in the WAL""#))
    let check = try await sandbox.runBounded(["db", "check"])
    check.expectSuccess()
    #expect(check.standardOutput.contains("integrity: ok"))
    let write = try await sandbox.runBounded(["transport", "aaaa1", "bike"])
    write.expectSuccess()
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Only in the WAL")
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
  }

  @Test func aGarbageWALAndSharedMemoryFileAreIgnored() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    var generator = SeededGenerator(seed: 6)
    for suffix in ["-wal", "-shm"] {
      let garbage = Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
      try garbage.write(to: URL(fileURLWithPath: sandbox.databasePath + suffix))
    }
    let list = try await sandbox.runBounded(["list", "--format", "ids"])
    list.expectSuccess()
    #expect(list.lines == SampleJourneys.idsByStart)
    let write = try await sandbox.runBounded(["transport", "aaaa1", "bike"])
    write.expectSuccess()
    let check = try await sandbox.runBounded(["db", "check"])
    check.expectSuccess()
    var after = before
    after.records[SampleJourneys.coastID] = try sandbox.record(SampleJourneys.coastID)
    after.batchCount += 1
    #expect(try sandbox.snapshot() == after)
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
  }

  /// Writes a database of 3,000 journeys (with the samples among them), then damages it.
  static func makeDamaged(_ damage: Damage, _ sandbox: CLISandbox) throws {
    try Data(#"{"name":"One","transportationType":"bus","startDate":"2026-11-21","duration":60}"#.appending("\n").utf8)
      .write(to: URL(fileURLWithPath: sandbox.folder.file("one.ndjson")))
    if damage == .notADatabase {
      try Data(String(repeating: "not a database\n", count: 3000).utf8).write(to: URL(fileURLWithPath: sandbox.databasePath))
      return
    }
    try sandbox.seedSamples()
    try sandbox.seed((0..<3000).map { Journey(name: "Filler \($0)", startDate: SampleJourneys.morning) })
    let connection = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let size = sandbox.size(of: sandbox.databasePath)
    switch damage {
    case .notADatabase:
      break
    case .truncatedToHalf:
      guard truncate(sandbox.databasePath, off_t(size / 2)) == 0 else { throw SetupFailure("truncate") }
    case .truncatedInsideTheHeader:
      guard truncate(sandbox.databasePath, 60) == 0 else { throw SetupFailure("truncate") }
    case .newerSchema:
      try connection.execute("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE)")
    case .garbledPages:
      // Every page but the first (the schema) and the last is overwritten with noise.
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: sandbox.databasePath))
      var generator = SeededGenerator(seed: 65)
      try handle.seek(toOffset: 4096)
      try handle.write(contentsOf: Data((4096..<(size - 4096)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
      try handle.close()
    }
  }
}
