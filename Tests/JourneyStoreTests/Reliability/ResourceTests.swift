import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// A disk that is really full and a file system that is really read-only (a small tmpfs the test
/// mounts and always unmounts), and standard output that cannot be written: exit 74 with a clear
/// message, the earlier data intact, reading still possible.
@Suite("Reliability: a full disk, a read-only file system, an unwritable output")
struct ResourceTests {
  private static let importLines = (0..<3000).map {
    #"{"name":"Bulk \#($0) with a name long enough to take some room on the disk","transportationType":"bus","startDate":"2026-11-21","duration":60}"#
  }.joined(separator: "\n") + "\n"

  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason), arguments: [
    ["import", "bulk.ndjson"], ["add", "One more"], ["transport", "-", "bike"],
  ])
  func aFullDiskIs74AndKeepsEverything(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    let mount = try TemporaryMount(size: "2m", in: sandbox.folder)
    let database = mount.file("journeys.sqlite")
    try sandbox.seed((0..<2000).map { Journey(name: "Kept \($0)", transportationType: .car, startDate: SampleJourneys.morning) }, at: database)
    try Data(Self.importLines.utf8).write(to: URL(fileURLWithPath: sandbox.folder.file("bulk.ndjson")))
    let ids = try sandbox.records(at: database).keys.sorted()
    try Data(ids.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: sandbox.folder.file("ids")))
    let before = try sandbox.records(at: database)
    let filler = try mount.fill()

    let result = try await sandbox.runBounded(
      arguments, inputFile: sandbox.folder.file("ids"), environment: ["ROADTRIP_DB": database])
    result.expectExit(74)
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(result.standardError.contains("the disk or the database is full ("), "\(result)")
    #expect(result.standardError.hasSuffix("free some space and try again\n") || arguments[0] == "import", "\(result)")
    // `add` prints the id before it commits (so that an id that cannot be printed adds nothing);
    // the exit code says that it was not added.
    #expect(result.standardOutput == "" || arguments[0] == "add", "\(result)")
    // Earlier data intact, and still readable on the full disk.
    #expect(try sandbox.records(at: database) == before)
    let list = try await sandbox.runBounded(["list", "--format", "ids"], environment: ["ROADTRIP_DB": database])
    list.expectSuccess()
    #expect(list.lines.count == ids.count)
    // With room again, the same command succeeds.
    try FileManager.default.removeItem(atPath: filler)
    let retried = try await sandbox.runBounded(
      arguments, inputFile: sandbox.folder.file("ids"), environment: ["ROADTRIP_DB": database])
    retried.expectSuccess()
    let check = try await sandbox.runBounded(["db", "check"], environment: ["ROADTRIP_DB": database])
    check.expectSuccess()
  }

  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason))
  func aReadOnlyFileSystemIs74AndStillReads() async throws {
    let sandbox = try CLISandbox()
    let mount = try TemporaryMount(size: "1m", in: sandbox.folder)
    let database = mount.file("journeys.sqlite")
    try sandbox.seed(SampleJourneys.all, at: database)
    let bytes = try #require(sandbox.bytes(of: database))
    try mount.remount(readOnly: true)
    let environment = ["ROADTRIP_DB": database]
    let journeys = sandbox.folder.file("one.ndjson")
    try Data(#"{"name":"One","transportationType":"bus","startDate":"2026-11-21","duration":60}"#.appending("\n").utf8)
      .write(to: URL(fileURLWithPath: journeys))

    for arguments in [["transport", "aaaa1", "bike"], ["set", "bbbb", "name=x"], ["add", "x"], ["delete", "bbbb"], ["import", journeys]] {
      let result = try await sandbox.runBounded(arguments, environment: environment)
      result.expectExit(74, "\(arguments)")
      #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(arguments): \(result)")
      #expect(result.standardError.contains("read-only") || result.standardError.contains("readonly"), "\(arguments): \(result)")
    }
    for arguments in [["list", "--format", "ids"], ["show", "aaaa1", "--format", "json"], ["export"], ["db", "check"]] {
      let result = try await sandbox.runBounded(arguments, environment: environment)
      result.expectSuccess("\(arguments)")
      #expect(!result.standardOutput.isEmpty)
    }
    let list = try await sandbox.runBounded(["list", "--format", "ids"], environment: environment)
    #expect(list.lines == SampleJourneys.idsByStart)
    let newFile = try await sandbox.runBounded(["add", "x", "--db", mount.file("new/journeys.sqlite")])
    newFile.expectExit(73)
    #expect(newFile.standardError.contains("Read-only file system"), "\(newFile)")
    let export = try await sandbox.runBounded(["export", "--output", mount.file("out.ndjson")], environment: environment)
    export.expectExit(74)
    #expect(export.standardError.contains("Read-only file system"), "\(export)")
    let backup = try await sandbox.runBounded(["db", "backup", mount.file("copy.sqlite")], environment: environment)
    #expect(backup.exitCode == 73 || backup.exitCode == 74, "\(backup)")

    try mount.remount(readOnly: false)
    #expect(sandbox.bytes(of: database) == bytes)
    #expect(try sandbox.records(at: database).count == 3)
    let write = try await sandbox.runBounded(["transport", "aaaa1", "bike"], environment: environment)
    write.expectSuccess()
  }

  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason))
  func aReadOnlyFileSystemWithAWALIsNeverReadStale() async throws {
    let sandbox = try CLISandbox()
    let mount = try TemporaryMount(size: "1m", in: sandbox.folder)
    let database = mount.file("journeys.sqlite")
    try sandbox.seed(SampleJourneys.all, at: database)
    // A change committed only to the WAL by a process killed before it could checkpoint; the
    // shared-memory file is gone (as when the files were copied without it), then the file
    // system becomes read-only.
    let script = """
      import os, signal, sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("PRAGMA wal_autocheckpoint = 0")
      connection.execute("UPDATE journey SET name = 'Only in the WAL' WHERE id = ?", (sys.argv[2],))
      os.kill(os.getpid(), signal.SIGKILL)
      """
    let killed = try await Child.run(
      "/usr/bin/env", ["python3", "-c", script, database, SampleJourneys.coastID], environment: sandbox.environment,
      in: sandbox.folder)
    #expect(killed.exitCode == 128 + SIGKILL)
    try FileManager.default.removeItem(atPath: database + "-shm")
    try mount.remount(readOnly: true)
    let show = try await sandbox.runBounded(["show", "aaaa1", "--format", "json"], environment: ["ROADTRIP_DB": database])
    // Either the committed name, or a clear refusal: never the name from before the commit.
    #expect(!show.standardOutput.contains("Coast road"), "\(show)")
    #expect(show.exitCode == 0 || show.exitCode == 74, "\(show)")
    #expect(show.exitCode != 0 || show.standardOutput.contains("Only in the WAL"), "\(show)")
    #expect(show.exitCode == 0 || show.standardError.hasPrefix("roadtrip: error: cannot open the database \(database)"), "\(show)")
  }

  @Test(arguments: [
    ["export"], ["export", "--format", "csv"], ["list", "--format", "json"], ["add", "Reported", "--json"],
    ["add", "Reported"], ["set", "aaaa1", "name=Reported", "--json"], ["transport", "aaaa1"], ["db", "check"],
  ])
  func standardOutputThatCannotBeWrittenIs74AndWritesNothing(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let quoted = ([RoadtripBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let result = try await Child.run("/bin/sh", ["-c", quoted + " > /dev/full"], environment: sandbox.environment, in: sandbox.folder)
    result.expectExit(74)
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: No space left on device\n")
    // A command whose report could not be written did not change anything either.
    #expect(try sandbox.snapshot() == before)
  }
}
