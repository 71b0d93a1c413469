import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` and Ctrl-C (SIGINT) in the middle of a large import and of a large batch edit, at a
/// moment the test observes rather than guesses: the import has read its input inside its
/// transaction, the batch edit has already spilled pages into the WAL. Afterwards the database checks clean, nothing of the operation is applied, and the
/// database takes new writes.
@Suite("Reliability: killed and interrupted in the middle of a write")
struct CrashTests {
  /// How a test ends the command, and the exit code that ending gives.
  enum Ending: CaseIterable, CustomTestStringConvertible {
    case kill9, interrupt
    var signal: Int32 { self == .kill9 ? SIGKILL : SIGINT }
    var exitCode: Int32 { self == .kill9 ? 128 + SIGKILL : 130 }
    var testDescription: String { self == .kill9 ? "kill -9" : "SIGINT" }
  }

  @Test(arguments: Ending.allCases)
  func aLargeImportIsAllOrNothing(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try await Before(sandbox)
    // A separate process feeds 40,000 journeys and keeps the pipe open, so the import reads them
    // all and then waits for more, inside its transaction, until it is ended.
    let feeder = """
      import sys, time
      for i in range(int(sys.argv[1])):
          sys.stdout.write('{"name":"Crash %d","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}\\n' % i)
      sys.stdout.flush()
      time.sleep(300)
      """
    let pipe = Pipe()
    let feeding = try Child(
      "/usr/bin/env", ["python3", "-c", feeder, "40000"], environment: sandbox.environment, in: sandbox.folder,
      output: pipe.fileHandleForWriting)
    let importing = try sandbox.start(["import"], input: pipe.fileHandleForReading)
    // Only the children hold the pipe now: none of its ends waits on this process.
    try pipe.fileHandleForWriting.close()
    try pipe.fileHandleForReading.close()
    defer { feeding.signal(SIGKILL) }

    // The import's page cache holds these journeys until the commit (nothing need reach the
    // WAL before it): it is ended once it has read nearly all of them (4 MB of the 4.5 fed). A
    // debug build reads them in seconds alone, and in minutes while every core runs other suites.
    let pid = importing.pid
    let readAll = try await importing.signal(
      ending.signal, when: { Self.bytesRead(by: pid) > 4_000_000 }, within: .seconds(300))
    #expect(readAll, "the import never read its input")
    let result = try await importing.finish(within: .seconds(30))
    feeding.signal(SIGKILL)
    _ = try await feeding.finish(within: .seconds(10))
    #expect(result.exitCode == ending.exitCode, "\(result)")

    try await Self.expectCleanAndWritable(sandbox, unchangedFrom: before)
  }

  /// The bytes a process has read (`rchar` of `/proc/PID/io`): from its input and from files.
  static func bytesRead(by pid: Int32) -> Int {
    guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
      let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar: ") })
    else { return 0 }
    return Int(line.dropFirst("rchar: ".count)) ?? 0
  }

  @Test(arguments: Ending.allCases)
  func aLargeBatchEditIsAllOrNothing(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    let count = 60_000
    try await sandbox.seedQuickly(count)
    let before = try await Before(sandbox)
    let idsPath = sandbox.folder.file("ids")
    try Data((0..<count).map { CLISandbox.seededID($0) + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: idsPath))
    let wal = sandbox.databasePath + "-wal"
    #expect(sandbox.size(of: wal) == 0)

    let editing = try sandbox.start(["transport", "-", "bike"], inputFile: idsPath)
    let spilled = try await editing.signal(ending.signal, when: { sandbox.size(of: wal) > 512 << 10 })
    #expect(spilled, "the batch edit never wrote 512 KiB to the WAL while running")
    let result = try await editing.finish(within: .seconds(30))
    #expect(result.exitCode == ending.exitCode, "\(result)")

    try await Self.expectCleanAndWritable(sandbox, unchangedFrom: before)
    let bikes = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
      .firstValue("SELECT count(*) FROM journey WHERE transportation_type = 'bike'")
    #expect(bikes == .integer(1), "only the new write is a bike")
  }

  @Test(arguments: Ending.allCases)
  func anExportToAFileIsAllOrNothing(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    try await sandbox.seedQuickly(60_000)
    let destination = sandbox.folder.file("journeys.ndjson")
    let previous = Data("the previous export\n".utf8)
    try previous.write(to: URL(fileURLWithPath: destination))
    let exporting = try sandbox.start(["export", "--output", destination])
    let temporary: @Sendable () -> String? = {
      (try? FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path))?
        .first { $0.hasPrefix("journeys.ndjson.roadtrip-") }.map(sandbox.folder.file)
    }
    let writing = try await exporting.signal(ending.signal, when: { temporary().map { sandbox.size(of: $0) > 1 << 20 } ?? false })
    #expect(writing, "the export never wrote 1 MiB to its temporary file while running")
    let result = try await exporting.finish(within: .seconds(30))
    #expect(result.exitCode == ending.exitCode, "\(result)")
    // The destination is the previous file, whole.
    #expect(sandbox.bytes(of: destination) == previous)
    if ending == .interrupt {
      #expect(temporary() == nil, "an interrupted export left \(temporary() ?? "")")
    }
  }

  @Test(arguments: Ending.allCases)
  func aBackupIsWholeOrAbsent(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    try await sandbox.seedQuickly(300_000)
    let destination = sandbox.folder.file("backup.sqlite")
    let backingUp = try sandbox.start(["db", "backup", destination])
    let started = try await backingUp.signal(ending.signal, when: {
      ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)) ?? [])
        .contains { $0.hasPrefix("backup.sqlite") && sandbox.size(of: sandbox.folder.file($0)) > 1 << 20 }
    })
    #expect(started, "the backup never wrote 1 MiB while running")
    let result = try await backingUp.finish(within: .seconds(30))
    #expect(result.exitCode == ending.exitCode, "\(result)")
    // No half-written file where the backup belongs: a later look finds no backup, not a broken one.
    #expect(!sandbox.exists(destination), "a partial backup was left at the destination")
  }

  /// The database before a command is ended: its whole content, by hash (tens of thousands of
  /// journeys compare for the price of one read), its first journey and its counts.
  struct Before {
    let hash: String
    let firstID: String
    let journeys: Int64
    let batches: Int64

    init(_ sandbox: CLISandbox) async throws {
      hash = try await sandbox.contentHash()
      let connection = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
      firstID = try #require(connection.firstValue("SELECT id FROM journey ORDER BY id LIMIT 1")?.text)
      journeys = try #require(connection.firstValue("SELECT count(*) FROM journey")?.integer)
      batches = try sandbox.batchCount()
    }
  }

  /// `db check` passes, nothing changed, and a new write goes in and is logged.
  static func expectCleanAndWritable(_ sandbox: CLISandbox, unchangedFrom before: Before) async throws {
    let check = try await sandbox.runBounded(["db", "check"])
    check.expectSuccess()
    #expect(check.standardOutput.contains("integrity: ok\n"))
    #expect(check.standardOutput.contains("journeys: \(before.journeys)\n"))
    #expect(try await sandbox.contentHash() == before.hash, "the database changed")
    let write = try await sandbox.runBounded(["transport", before.firstID, "bike"])
    write.expectSuccess()
    #expect(try sandbox.value("transportationType", of: before.firstID) == "bike")
    #expect(try sandbox.batchCount() == before.batches + 1)
    try await sandbox.runBounded(["db", "check"]).expectSuccess()
  }
}
