import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Right answers about the file itself: a folder that cannot be entered is an error, not an
/// empty database; reading needs no right to write; standard input that does not block is still
/// read; a database deleted and created again is still watched; running out of file descriptors
/// says so.
@Suite("Reliability: answers about the file")
struct FileAnswerTests {
  /// Runs roadtrip as a user whom permissions bind: as root, without the capabilities that
  /// override them (`setpriv`), so that root's test files stay the user's own.
  static func runBound(_ arguments: [String], in sandbox: CLISandbox) async throws -> CommandResult {
    guard getuid() == 0 else { return try await sandbox.runBounded(arguments) }
    let capabilities = "-dac_override,-dac_read_search"
    return try await Child.run(
      "/usr/bin/setpriv", ["--inh-caps=" + capabilities, "--bounding-set=" + capabilities, RoadtripBinary.path] + arguments,
      environment: sandbox.environment, in: sandbox.folder)
  }

  @Test func aFolderThatCannotBeEnteredIsAnError() async throws {
    let sandbox = try CLISandbox()
    let folder = sandbox.folder.file("locked")
    let database = folder + "/journeys.sqlite"
    try sandbox.seed(SampleJourneys.all, at: database)
    #expect(chmod(folder, 0o000) == 0)
    defer { chmod(folder, 0o700) }
    for arguments in [["list"], ["db", "check"], ["export"], ["show", "aaaa1"]] {
      let result = try await Self.runBound(arguments + ["--db", database], in: sandbox)
      result.expectExit(74, "\(arguments)")
      #expect(result.standardError.contains("cannot reach the database \(database): Permission denied"), "\(result)")
      #expect(result.standardOutput.isEmpty, "\(arguments): \(result)")
    }
  }

  @Test func aReadOnlyDatabaseInAReadOnlyFolderCanBeRead() async throws {
    let sandbox = try CLISandbox()
    let folder = sandbox.folder.file("archive")
    let database = folder + "/journeys.sqlite"
    try sandbox.seed(SampleJourneys.all, at: database)
    #expect(chmod(database, 0o400) == 0 && chmod(folder, 0o500) == 0)
    defer { chmod(folder, 0o700) }
    let listed = try await Self.runBound(["list", "--format", "ids", "--db", database], in: sandbox)
    listed.expectSuccess()
    #expect(Set(listed.lines) == Set(SampleJourneys.idsByStart))
    let exported = try await Self.runBound(["export", "--db", database], in: sandbox)
    exported.expectSuccess()
    #expect(exported.lines.count == 3)
    let written = try await Self.runBound(["transport", "aaaa1", "bike", "--db", database], in: sandbox)
    written.expectExit(74)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names == ["journeys.sqlite"])
  }

  /// A parent that left standard input non-blocking (as some shells and editors do) and writes
  /// only after a while: the first read finds nothing yet.
  @Test(arguments: ["import -", "set - name=Fed", "transport - bike"])
  func standardInputThatDoesNotBlockIsStillRead(_ command: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let input = command.hasPrefix("import")
      ? #"{"id":"cccc4444-0000-4000-8000-000000000004","name":"Fed","transportationType":"bike","startDate":"2026-11-21T08:00:00Z","duration":60}"# + "\n"
      : SampleJourneys.coastID + "\n"
    let parent = """
      import os, subprocess, sys, time
      r, w = os.pipe()
      os.set_blocking(r, False)
      child = subprocess.Popen(sys.argv[2:], stdin=r)
      os.close(r)
      time.sleep(0.3)
      os.write(w, sys.argv[1].encode())
      os.close(w)
      sys.exit(child.wait())
      """
    let arguments = ["python3", "-c", parent, input, RoadtripBinary.path] + command.split(separator: " ").map(String.init)
    let result = try await Child.run("/usr/bin/env", arguments, environment: sandbox.environment, in: sandbox.folder)
    result.expectSuccess()
    let id = command.hasPrefix("import") ? "cccc4444-0000-4000-8000-000000000004" : SampleJourneys.coastID
    let key = command.hasPrefix("transport") ? "transportationType" : "name"
    #expect(try sandbox.value(key, of: id) == (command.hasPrefix("transport") ? "bike" : "Fed"))
  }

  @Test func runningOutOfFileDescriptorsSaysSo() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    // 0 to 2 are the standard streams, 3 the database: its shared-memory file cannot be opened.
    for command in ["list", "add x", "db check"] {
      let line = "ulimit -n 4; exec '\(RoadtripBinary.path)' \(command)"
      let result = try await Child.run("/bin/sh", ["-c", line], environment: sandbox.environment, in: sandbox.folder)
      result.expectExit(74, "\(command)")
      #expect(result.standardError.contains("Too many open files"), "\(command): \(result)")
      #expect(result.standardError.contains("ulimit -n"), "\(command): \(result)")
      #expect(!result.standardError.contains("permissions"), "\(command): \(result)")
    }
    #expect(try sandbox.records().count == 3)
  }

  @Test func watchFollowsADatabaseDeletedAndCreatedAgain() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let backup = sandbox.folder.file("backup.sqlite")
    try await sandbox.run("db", "backup", backup).expectSuccess()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--format", "ndjson"])
    defer { watch.stop() }
    // Edit until the watch shows it follows the file.
    for round in 0..<200 where !watch.output().contains("\"new\":\"before") {
      try await sandbox.run("set", "aaaa1", "name=before \(round)").expectSuccess()
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(watch.output().contains("\"new\":\"before"))
    for suffix in ["", "-wal", "-shm"] { unlink(sandbox.databasePath + suffix) }
    let added = try await sandbox.run("add", "Reborn")
    added.expectSuccess()
    try await sandbox.run("set", String(added.standardOutput.prefix(8)), "name=Reborn again")
      .expectSuccess()
    #expect(try await Self.wait(for: "Reborn again", in: watch), "\(watch.output())")
    // Another file moved into its place: its old history is not news, what comes after is.
    // Moved over the file at once (`rename` replaces it), with no moment without a file: a
    // watch that looked in such a moment would see a database deleted, then one created again
    // whose history is all news (it failed so once in a whole-suite run under load).
    for suffix in ["-wal", "-shm"] { unlink(sandbox.databasePath + suffix) }
    #expect(rename(backup, sandbox.databasePath) == 0)
    try await sandbox.run("set", "bbbb", "name=After the move").expectSuccess()
    #expect(try await Self.wait(for: "After the move", in: watch), "\(watch.output())")
    let lines = watch.output().split(separator: "\n")
    #expect(lines.filter { $0.contains("\"change\":\"insert\"") }.count == 1, "\(lines)")
  }

  static func wait(for text: String, in watch: WatchProcess) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(120)  // ends at once when it holds: a hang guard
    while ContinuousClock.now < deadline {
      if watch.output().contains(text) { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }
}
