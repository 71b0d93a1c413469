import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `export --output` never replaces a SQLite database unasked (another roadtrip database of
/// other journeys, or anybody's), and never writes NDJSON under a name that says another
/// format: both refusals leave both files as they were (issue 22).
@Suite("Reliability: what export --output replaces")
struct ExportTargetTests {
  /// A database with the samples, and another roadtrip database of one other journey.
  static func sandboxWithOtherDatabase() async throws -> (CLISandbox, other: String) {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let other = sandbox.folder.file("other.sqlite")
    let added = try await sandbox.run("add", "Someone else's", "--db", other)
    guard added.exitCode == 0 else { throw SetupFailure("add: \(added)") }
    return (sandbox, other)
  }

  /// Names under which a SQLite database sits: it is refused whatever the name says (73), or
  /// the name's extension is refused first (64); `--format` alone does not make it writable.
  @Test(arguments: [
    (["-o", "other.sqlite"], 73), (["-o", "other.sqlite", "--format", "ndjson"], 73),
    (["-o", "other.json"], 73), (["-o", "other"], 73), (["-o", "link.csv"], 73),
    (["-o", "other.xlsx", "--force"], 64),
  ] as [([String], Int32)])
  func anotherDatabaseIsRefusedAndBothFilesStay(_ options: [String], _ code: Int32) async throws {
    let (sandbox, other) = try await Self.sandboxWithOtherDatabase()
    let folder = sandbox.folder
    for name in ["other.json", "other", "other.xlsx"] {
      try FileManager.default.copyItem(atPath: other, toPath: folder.file(name))
    }
    #expect(symlink("other.sqlite", folder.file("link.csv")) == 0)
    let before = (sandbox.bytes(of: sandbox.databasePath), sandbox.bytes(of: other))
    let target = folder.file(options[1])
    let targetBefore = sandbox.bytes(of: target)
    let result = try await sandbox.run(["export"] + options)
    #expect(result.exitCode == code, "\(options): \(result)")
    if code == 73 {
      #expect(result.standardError == "roadtrip: error: refusing to write \(options[1]): it is a SQLite database, which "
        + "the export would replace; choose another file, or add --force to replace it\n")
    } else {
      #expect(result.standardError.contains("names no export format"), "\(result)")
    }
    #expect(sandbox.bytes(of: sandbox.databasePath) == before.0, "the database in use changed")
    #expect(sandbox.bytes(of: other) == before.1, "the other database changed")
    #expect(sandbox.bytes(of: target) == targetBefore, "\(options[1]) changed")
    #expect(try sandbox.records(at: other).count == 1)
    #expect(try Self.type(of: folder.file("link.csv")) == S_IFLNK)
  }

  /// Told so, it replaces the database with the export (the name's format, else --format's).
  @Test func forceReplacesADatabase() async throws {
    let (sandbox, other) = try await Self.sandboxWithOtherDatabase()
    try FileManager.default.copyItem(atPath: other, toPath: sandbox.folder.file("other.json"))
    let named = try await sandbox.run("export", "-o", "other.json", "--force")
    named.expectSuccess()
    let json = try JSONSerialization.jsonObject(with: sandbox.bytes(of: sandbox.folder.file("other.json")) ?? Data())
    #expect((json as? [Any])?.count == 3)
    let forced = try await sandbox.run("export", "-o", other, "--format", "ndjson", "--force")
    forced.expectSuccess()
    #expect(String(decoding: sandbox.bytes(of: other) ?? Data(), as: UTF8.self).split(separator: "\n").count == 3)
    // The database in use stays refused, --force or not.
    let own = try await sandbox.run("export", "-o", sandbox.databasePath, "--format", "ndjson", "--force")
    own.expectExit(73)
    #expect(own.standardError.contains("it is the database in use"), "\(own)")
  }

  /// An extension that names no format is a usage error listing the ones that do, and nothing
  /// is written; `--format` chooses one for any name.
  @Test(arguments: ["trip.xlsx", "trip.txt", "trip.sqlite", "trip."])
  func anExtensionThatNamesNoFormatIsRefused(_ name: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "-o", name)
    result.expectExit(64)
    let named = name.split(separator: ".", omittingEmptySubsequences: false).last ?? ""
    #expect(result.standardError == "roadtrip: error: \(name)'s extension .\(named) names no export format; name the file "
      + "with one of .ndjson, .jsonl, .json, .csv, .tsv, or choose the format with --format ndjson, json, csv or tsv\n")
    #expect(!sandbox.exists(sandbox.folder.file(name)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix("trip") } == [])
    // An existing file of that name stays as it was.
    #expect(FileManager.default.createFile(atPath: sandbox.folder.file(name), contents: Data("keep\n".utf8)))
    try await sandbox.run("export", "-o", name).expectExit(64)
    #expect(sandbox.bytes(of: sandbox.folder.file(name)) == Data("keep\n".utf8))
    let chosen = try await sandbox.run("export", "-o", name, "--format", "csv")
    chosen.expectSuccess()
    #expect(String(decoding: sandbox.bytes(of: sandbox.folder.file(name)) ?? Data(), as: UTF8.self).hasPrefix("id,name,"))
  }

  /// Without an extension, NDJSON as before: a new name, an ordinary file (replaced as `>`
  /// would), a hidden name, a FIFO whatever its name, standard output.
  @Test func aNameWithoutAnExtensionIsNDJSON() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let folder = sandbox.folder
    #expect(FileManager.default.createFile(atPath: folder.file("journeys"), contents: Data("an old export\n".utf8)))
    for name in ["journeys", ".journeys", "fresh"] {
      let result = try await sandbox.run("export", "-o", name)
      result.expectSuccess("\(name)")
      let lines = String(decoding: sandbox.bytes(of: folder.file(name)) ?? Data(), as: UTF8.self).split(separator: "\n")
      #expect(lines.count == 3 && lines.allSatisfy { $0.hasPrefix("{\"id\":") }, "\(name): \(lines)")
    }
    let stdout = try await sandbox.run("export", "-o", "/dev/stdout")
    #expect(stdout.exitCode == 0 && stdout.lines.count == 3, "\(stdout)")
    let fifo = folder.file("journeys.txt")
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader gives up by itself: a FIFO replaced by a file would leave it waiting forever.
    let reader = try Child("/bin/sh", ["-c", "timeout 10 cat journeys.txt > received"], environment: sandbox.environment, in: folder)
    let result = try await sandbox.runBounded(["export", "--output", fifo], timeout: .seconds(30))
    result.expectSuccess()
    try await reader.finish(within: .seconds(20)).expectSuccess()
    #expect(String(decoding: sandbox.bytes(of: folder.file("received")) ?? Data(), as: UTF8.self).split(separator: "\n").count == 3)
    #expect(try Self.type(of: fifo) == S_IFIFO)
  }

  /// The type of the file at `path`, not following a last symbolic link.
  static func type(of path: String) throws -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw SetupFailure("lstat \(path)") }
    return info.st_mode & S_IFMT
  }
}
