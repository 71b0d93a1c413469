import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// What a command writes lands where the user named it and nowhere else: never over the
/// database in use, never at a place SQLite would read a name as (a URI, `:memory:`), and into a
/// FIFO, device or link as `>` would write it. Ids are random even when no file can be opened.
@Suite("Reliability: the files a command writes")
struct FileSafetyTests {
  @Test func noCommandWritesOverTheDatabaseOrItsFiles() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let bytes = try #require(sandbox.bytes(of: sandbox.databasePath))
    let folder = sandbox.folder
    #expect(symlink("journeys.sqlite", folder.file("link-to-database")) == 0)
    #expect(symlink("journeys.sqlite-wal", folder.file("link-to-wal")) == 0)  // no WAL exists yet
    #expect(link(sandbox.databasePath, folder.file("hard-link")) == 0)
    mkdir(folder.file("sub"), 0o700)
    let destinations = [
      sandbox.databasePath, "journeys.sqlite", "./sub/../journeys.sqlite", "link-to-database", "hard-link",
      "journeys.sqlite-wal", "link-to-wal", folder.file("journeys.sqlite-shm"), "journeys.sqlite-journal",
    ]
    for destination in destinations {
      for arguments in [["export", "--output", destination], ["db", "backup", destination]] {
        let result = try await sandbox.run(arguments)
        result.expectExit(73, "\(arguments)")
        #expect(result.standardError.contains("it is the database in use"), "\(arguments): \(result)")
      }
    }
    #expect(sandbox.bytes(of: sandbox.databasePath) == bytes)
    #expect(try sandbox.snapshot() == before)
    for name in ["journeys.sqlite-wal", "journeys.sqlite-shm", "journeys.sqlite-journal"] {
      #expect(!sandbox.exists(folder.file(name)), "\(name) was written")
    }
    // Another file in the same folder is written as usual.
    try await sandbox.run("export", "--output", "journeys.sqlite.ndjson").expectSuccess()
  }

  @Test(arguments: [":memory:", "file:j.sqlite?mode=memory", "file::memory:"])
  func aDatabaseNameIsAPathNeverAURI(_ name: String) async throws {
    let sandbox = try CLISandbox()
    let added = try await sandbox.run("add", "Stored", "--db", name)
    added.expectSuccess()
    let listed = try await sandbox.run("list", "--format", "ids", "--db", name)
    #expect(listed.lines == [added.standardOutput.trimmingCharacters(in: .newlines)], "\(listed)")
    // The file is the one named, relative to the working folder, private.
    #expect(try Self.mode(of: sandbox.folder.file(name)) == 0o600)
    #expect(try sandbox.records(at: sandbox.folder.file(name)).count == 1)
  }

  @Test func aBackupLandsWhereItWasNamed() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("db", "backup", "file:bk.sqlite")
    result.expectSuccess()
    let backup = sandbox.folder.file("file:bk.sqlite")
    #expect(try Self.mode(of: backup) == 0o600)
    #expect(try sandbox.records(at: backup) == sandbox.records())
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
    #expect(!names.contains { $0.hasPrefix("bk.sqlite") || $0.contains("roadtrip-backup") }, "\(names)")
  }

  @Test func anExportWritesIntoAFIFOAsRedirectionWould() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let fifo = sandbox.folder.file("journeys.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader gives up by itself: a FIFO replaced by a file would leave it waiting forever.
    let reader = try Child(
      "/bin/sh", ["-c", "timeout 10 cat journeys.fifo > received"], environment: sandbox.environment, in: sandbox.folder)
    let result = try await sandbox.runBounded(["export", "--output", fifo], timeout: .seconds(30))
    result.expectSuccess()
    try await reader.finish(within: .seconds(20)).expectSuccess()
    let received = String(decoding: sandbox.bytes(of: sandbox.folder.file("received")) ?? Data(), as: UTF8.self)
    #expect(received.split(separator: "\n").count == 3, "\(received)")
    #expect(try Self.type(of: fifo) == S_IFIFO, "the FIFO was replaced")
  }

  @Test func anExportWritesIntoADeviceAsRedirectionWould() async throws {
    guard getuid() == 0 else { return }  // mknod needs root; /dev/null itself is never put at risk
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let device = sandbox.folder.file("null")
    #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let result = try await sandbox.run("export", "--output", device)
    result.expectSuccess()
    #expect(try Self.type(of: device) == S_IFCHR, "the device node was replaced by a file")
  }

  @Test func anExportFollowsASymbolicLink() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let folder = sandbox.folder
    mkdir(folder.file("exports"), 0o700)
    #expect(FileManager.default.createFile(atPath: folder.file("exports/latest.ndjson"), contents: Data("old\n".utf8)))
    #expect(symlink("exports/latest.ndjson", folder.file("latest")) == 0)
    #expect(symlink("exports/new.ndjson", folder.file("dangling")) == 0)
    for (link, target) in [("latest", "exports/latest.ndjson"), ("dangling", "exports/new.ndjson")] {
      let result = try await sandbox.run("export", "--output", link)
      result.expectSuccess()
      #expect(try Self.type(of: folder.file(link), following: false) == S_IFLNK, "\(link) was replaced")
      let text = String(decoding: sandbox.bytes(of: folder.file(target)) ?? Data(), as: UTF8.self)
      #expect(text.split(separator: "\n").count == 3, "\(target): \(text)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("exports"))
    #expect(names.sorted() == ["latest.ndjson", "new.ndjson"])
  }

  @Test func anExportThroughALinkKeepsTheTargetsModeAndOwner() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let target = sandbox.folder.file("shared.ndjson")
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
    #expect(chmod(target, 0o640) == 0)
    if getuid() == 0 { #expect(chown(target, 65534, 65534) == 0) }
    #expect(symlink("shared.ndjson", sandbox.folder.file("link")) == 0)
    let result = try await sandbox.run("export", "--output", "link")
    result.expectSuccess()
    var info = stat()
    #expect(stat(target, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o640)
    if getuid() == 0 { #expect(info.st_uid == 65534 && info.st_gid == 65534) }
    #expect(String(decoding: sandbox.bytes(of: target) ?? Data(), as: UTF8.self).split(separator: "\n").count == 3)
  }

  /// A file `trip.ndjson` holding "old", with a second name, `other-name.ndjson`, in the sandbox.
  static func fileWithTwoNames(in sandbox: CLISandbox) -> (file: String, other: String) {
    let file = sandbox.folder.file("trip.ndjson"), other = sandbox.folder.file("other-name.ndjson")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("old\n".utf8)))
    #expect(link(file, other) == 0)
    return (file, other)
  }

  @Test func anExportIntoAFileWithOtherNamesWritesEveryName() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let (file, other) = Self.fileWithTwoNames(in: sandbox)
    let result = try await sandbox.run("export", "--output", file)
    result.expectSuccess()
    let written = sandbox.bytes(of: file), seen = sandbox.bytes(of: other)
    #expect(written == seen)
    #expect(String(decoding: written ?? Data(), as: UTF8.self).split(separator: "\n").count == 3)
  }

  /// An export that fails part-way (the journey table's last page damaged, after several chunks
  /// of output were written) leaves a file with other names, or in a folder that takes no new
  /// file, as it was: it is written only once the export is complete. (A journey roadtrip cannot
  /// read no longer fails an export: it is left out, and the rest written.)
  @Test func aFailedExportLeavesAFileWrittenInPlaceAsItWas() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seed((0..<3000).map { Journey(name: "Journey \($0) " + String(repeating: "x", count: 100)) })
    let leaves = try await sandbox.sqlite3(
      "SELECT pageno FROM dbstat WHERE name = 'journey' AND pagetype = 'leaf' ORDER BY path")
    let pageSize = try await sandbox.sqlite3("PRAGMA page_size")
    let lastLeaf = try #require(leaves.standardOutput.split(separator: "\n").last.flatMap { Int($0) })
    let size = try #require(Int(pageSize.standardOutput.trimmingCharacters(in: .newlines)))
    #expect(leaves.standardOutput.split(separator: "\n").count > 50 && !sandbox.exists(sandbox.databasePath + "-wal"))
    let database = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.databasePath))
    try database.seek(toOffset: UInt64((lastLeaf - 1) * size))
    try database.write(contentsOf: Data(repeating: 0, count: size))
    try database.close()
    let (file, other) = Self.fileWithTwoNames(in: sandbox)
    let result = try await sandbox.run("export", "--output", file)
    result.expectExit(65)
    #expect(result.standardError.contains("the database is damaged"), "\(result)")
    #expect(sandbox.bytes(of: file) == Data("old\n".utf8))
    #expect(sandbox.bytes(of: other) == Data("old\n".utf8))
  }

  /// `/dev/stdout` is this process's standard output as the shell opened it: appended to with
  /// `>>`, not replaced.
  @Test func anExportToDevStdoutAppendsWhereTheShellSaysSo() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let log = sandbox.folder.file("log.txt")
    #expect(FileManager.default.createFile(atPath: log, contents: Data("before\n".utf8)))
    let command = "'\(RoadtripBinary.path)' export --output /dev/stdout >> log.txt && echo after >> log.txt"
    let result = try await Child.run("/bin/sh", ["-c", command], environment: sandbox.environment, in: sandbox.folder)
    result.expectSuccess()
    let lines = String(decoding: sandbox.bytes(of: log) ?? Data(), as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 5, "\(lines)")
    #expect(lines.first == "before" && lines.last == "after", "\(lines)")
  }

  @Test func anExportToDevStdoutWritesStandardOutput() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "--output", "/dev/stdout")
    result.expectSuccess()
    #expect(result.lines.count == 3, "\(result)")
  }

  @Test func anExportIntoAWritableFileOfAFolderThatTakesNoNewFile() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let folder = sandbox.folder.file("sealed"), file = folder + "/trip.ndjson"
    mkdir(folder, 0o700)
    #expect(FileManager.default.createFile(atPath: file, contents: Data("old\n".utf8)))
    #expect(chmod(file, 0o666) == 0 && chmod(folder, 0o555) == 0)
    defer { chmod(folder, 0o700) }
    let result = try await FileAnswerTests.runBound(["export", "--output", file], in: sandbox)
    result.expectSuccess()
    #expect(String(decoding: sandbox.bytes(of: file) ?? Data(), as: UTF8.self).split(separator: "\n").count == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["trip.ndjson"])
  }

  /// With every file descriptor in use, `/dev/urandom` cannot be opened: Foundation's `UUID()`
  /// then gave every journey the same id.
  @Test func newIdsAreRandomWhenNoFileCanBeOpened() async throws {
    let sandbox = try CLISandbox()
    let input = sandbox.folder.file("new.ndjson")
    let lines = (1...5).map {
      #"{"name":"Trip \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
    try await sandbox.run("add", "First").expectSuccess()
    // 0, 1 and 2 are the standard streams; the input, the database, its WAL and its
    // shared-memory file take 3 to 6.
    for policy in ["fail", "replace"] {
      // The same journeys twice, as new journeys: the second import keeps its duplicates.
      let command = "ulimit -n 7; exec '\(RoadtripBinary.path)' import new.ndjson --on-conflict \(policy) --keep-duplicates"
      let result = try await Child.run("/bin/sh", ["-c", command], environment: sandbox.environment, in: sandbox.folder)
      result.expectSuccess()
      #expect(result.standardError.hasPrefix("Imported 5 journeys in"), "\(result)")
    }
    let records = try sandbox.records()
    #expect(records.count == 11)
    #expect(records.keys.allSatisfy { UUID(lowercasedText: $0).map { $0.uuidString.lowercased() } == $0 })
    #expect(records.keys.allSatisfy { $0.dropFirst(14).first == "4" }, "not version-4 ids: \(records.keys)")
  }

  @Test(arguments: [UInt32(0xFFFF_FFFE), 0x8000_0000])
  func aNegativeSchemaVersionIsRefusedClearly(_ version: UInt32) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let handle = try #require(FileHandle(forUpdatingAtPath: sandbox.databasePath))
    try handle.seek(toOffset: 60)  // the header's user_version, big-endian
    try handle.write(contentsOf: withUnsafeBytes(of: version.bigEndian) { Data($0) })
    try handle.close()
    let bytes = try #require(sandbox.bytes(of: sandbox.databasePath))
    for arguments in [["list"], ["show", "aaaa1"], ["add", "x"], ["db", "check"], ["undo"], ["export"]] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.standardError.contains("which no roadtrip writes: its header is damaged; restore a backup with 'roadtrip db restore FILE'"), "\(arguments): \(result)")
    }
    #expect(sandbox.bytes(of: sandbox.databasePath) == bytes)
  }

  /// A device as the database: refused before SQLite opens it, which left `/dev/null-journal`.
  @Test func aDeviceIsNotADatabase() async throws {
    let sandbox = try CLISandbox()
    var info = stat()
    if lstat("/dev/null-journal", &info) == 0 && info.st_mode & S_IFMT == S_IFREG { unlink("/dev/null-journal") }
    for arguments in [["add", "x"], ["list"], ["import"], ["db", "check"]] {
      let result = try await sandbox.run(arguments + ["--db", "/dev/null"])
      result.expectExit(74, "\(arguments)")
      #expect(result.standardError.contains("/dev/null is not a regular file"), "\(arguments): \(result)")
    }
    #expect(!sandbox.exists("/dev/null-journal"))
  }

  static func mode(of path: String) throws -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { throw SetupFailure("no file at \(path)") }
    return info.st_mode & 0o7777
  }

  static func type(of path: String, following: Bool = true) throws -> mode_t {
    var info = stat()
    guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { throw SetupFailure("no file at \(path)") }
    return info.st_mode & S_IFMT
  }
}
