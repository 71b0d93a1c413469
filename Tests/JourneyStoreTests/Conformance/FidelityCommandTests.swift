import Foundation
import Testing
@testable import JourneyStore

/// Exact data through the built binary: from a file, from a pipe fed in small pieces by another
/// thread, and across the reader's 256 KiB chunk.
@Suite("Fidelity through the command line")
struct FidelityCommandTests {
  static let chunk = 1 << 18

  /// A CSV of journeys with non-ASCII names in which a four-byte character straddles byte
  /// 262,144, where the reader's first chunk ends.
  static func csvStraddlingTheChunk() -> [UInt8] {
    for padding in 0..<4 {
      var text = "name,transportationType,startDate,duration\r\n"
      var index = 0
      while text.utf8.count < Self.chunk + 100_000 {
        let pad = index == 0 ? String(repeating: "x", count: padding) : ""
        text += "\(pad)🚲 ñ € Route \(index),bike,2026-11-21T08:00:00Z,60\r\n"
        index += 1
      }
      let bytes = Array(text.utf8)
      if bytes[Self.chunk] & 0xC0 == 0x80 { return bytes }
    }
    preconditionFailure("no padding puts a character across the chunk boundary")
  }

  @Test func csvWithCharactersAcrossTheChunkImportsFromAFileAndFromAPipe() async throws {
    let sandbox = try CLISandbox()
    let bytes = Self.csvStraddlingTheChunk()
    let path = sandbox.folder.file("journeys.csv")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fromFile = try await sandbox.runBounded(["import", path, "--db", sandbox.folder.file("file.sqlite")])
    fromFile.expectSuccess()
    let child = try PipeFeeder.start(
      ["import", "-", "--format", "csv", "--db", sandbox.folder.file("pipe.sqlite")], in: sandbox, feeding: bytes, pieceSize: 7)
    let fromPipe = try await child.finish(within: .seconds(120))
    fromPipe.expectSuccess()
    let names = try Self.hexNames(sandbox.folder.file("file.sqlite"), sandbox)
    #expect(names.count > 3000)
    #expect(try Self.hexNames(sandbox.folder.file("pipe.sqlite"), sandbox) == names)
    // Its own export reads back too, through a pipe.
    let exported = try await sandbox.runBounded(["export", "--format", "csv", "--db", sandbox.folder.file("file.sqlite")])
    exported.expectSuccess()
    let again = try PipeFeeder.start(
      ["import", "-", "--format", "csv", "--db", sandbox.folder.file("again.sqlite")], in: sandbox,
      feeding: Array(exported.standardOutput.utf8), pieceSize: 5)
    try await again.finish(within: .seconds(120)).expectSuccess()
    #expect(try Self.hexNames(sandbox.folder.file("again.sqlite"), sandbox) == names)
  }

  /// Every name in a database, as the hex of its bytes, in order of name: what SQLite holds.
  static func hexNames(_ database: String, _ sandbox: CLISandbox) throws -> [String] {
    try sqlite(database, "SELECT hex(name) FROM journey ORDER BY name", sandbox).split(separator: "\n").map(String.init)
  }

  static func sqlite(_ database: String, _ sql: String, _ sandbox: CLISandbox) throws -> String {
    try SQLiteShell.runBlocking(sql, on: database, busyTimeout: nil).standardOutput
  }

  @Test(arguments: ["csv", "ndjson", "json"])
  func aByteOrderMarkIsSkipped(format: String) async throws {
    let sandbox = try CLISandbox()
    let body = switch format {
    case "csv": "name,transportationType,startDate,duration\r\nCoast,bike,2026-11-21T08:00:00Z,60\r\n"
    case "json": "[{\"name\":\"Coast\",\"transportationType\":\"bike\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}]"
    default: "{\"name\":\"Coast\",\"transportationType\":\"bike\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}\n"
    }
    let path = sandbox.folder.file("excel.\(format)")
    try Data([0xEF, 0xBB, 0xBF] + Array(body.utf8)).write(to: URL(fileURLWithPath: path))
    let imported = try await sandbox.runBounded(["import", path])
    imported.expectSuccess()
    #expect(try sandbox.records().values.map { $0["name"]?.text } == ["Coast"])
  }

  @Test func anNDJSONErrorNamesTheLineThatHasIt() async throws {
    let sandbox = try CLISandbox()
    var lines = (1...5000).map {
      "{\"name\":\"\($0)\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}"
    }
    lines[2999] = "{\"name\":\"unterminated"
    let path = sandbox.folder.file("broken.ndjson")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let imported = try await sandbox.runBounded(["import", path])
    imported.expectExit(65)
    #expect(imported.standardError.contains("line 3000: the line ends inside a string"), "\(imported)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func durationsPastTheYear9999AreRefused() async throws {
    let sandbox = try CLISandbox()
    for duration in ["1e15", "1e308", "99999999999999999999999999h", String(repeating: "-", count: 50_000) + "5"] {
      let added = try await sandbox.runBounded(["add", "x", "--duration", duration])
      #expect(added.exitCode == 64, "\(duration.prefix(40)): \(added.exitCode) \(added.standardError.prefix(300))")
    }
    let id = try await sandbox.runBounded(["add", "x"]).standardOutput.trimmingCharacters(in: .newlines)
    let before = try sandbox.snapshot()
    let dashes = try await sandbox.runBounded(["set", id, "duration=" + String(repeating: "-", count: 50_000) + "5"])
    #expect(dashes.exitCode == 64, "\(dashes.exitCode) \(dashes.standardError.prefix(300))")
    let huge = try await sandbox.runBounded(["set", id, "duration=800000000000000000000000"])
    huge.expectExit(64)
    #expect(huge.standardError.contains("is too long: a journey ends by 9999-12-31T23:59:59Z"), "\(huge)")
    #expect(try sandbox.snapshot() == before)
    // In an import, with its line.
    let record = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n"
    let path = sandbox.folder.file("late.ndjson")
    try (record + record.replacingOccurrences(of: "\"duration\":1", with: "\"duration\":1e300")).write(
      toFile: path, atomically: false, encoding: .utf8)
    let imported = try await sandbox.runBounded(["import", path])
    imported.expectExit(65)
    #expect(imported.standardError.contains("line 2: duration: '1e300' is too long"), "\(imported)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test(arguments: ["1e300", "9e999", "-9e999", "-1", "8e23"])
  func aStoredDurationOfAnyValuePrints(_ value: String) async throws {
    let sandbox = try CLISandbox()
    let id = try await sandbox.runBounded(["add", "x"]).standardOutput.trimmingCharacters(in: .newlines)
    _ = try Self.sqlite(
      sandbox.databasePath, "PRAGMA ignore_check_constraints = ON; UPDATE journey SET duration = \(value);", sandbox)
    for arguments in [["list", "--format", "table"], ["show", id], ["list", "--format", "csv"], ["export"]] {
      let result = try await sandbox.runBounded(arguments)
      // Shown as it is, or refused by name: never a crash.
      #expect(result.exitCode < 128, "\(arguments): \(result)")
    }
  }

  @Test func aLocalTimeJustBeforeTheUnixEpochEastOfUTCIsADate() async throws {
    let sandbox = try CLISandbox()
    // CET-1 is a POSIX zone one hour east of UTC, which needs no time zone database.
    for (text, expected) in [("1970-01-01T00:59:59", "1969-12-31T23:59:59Z"), ("1970-01-01T00:00:00", "1969-12-31T23:00:00Z")] {
      let added = try await sandbox.runBounded(["add", "x", "--start", text], environment: ["TZ": "CET-1"])
      added.expectSuccess()
      let id = added.standardOutput.trimmingCharacters(in: .newlines)
      #expect(try sandbox.value("startDate", of: id) == expected)
    }
  }

  @Test func aNameIsStoredAndExportedByteForByte() async throws {
    let sandbox = try CLISandbox()
    let decomposed = "Cafe\u{301} Zu\u{308}rich", composed = "Caf\u{E9} Z\u{FC}rich"
    let hexDecomposed = Array(decomposed.utf8).map { String(format: "%02X", $0) }.joined()
    let hexComposed = Array(composed.utf8).map { String(format: "%02X", $0) }.joined()
    let id = try await sandbox.runBounded(["add", decomposed]).standardOutput.trimmingCharacters(in: .newlines)
    #expect(try Self.hexNames(sandbox.databasePath, sandbox) == [hexDecomposed])
    let set = try await sandbox.runBounded(["set", id, "name=" + composed])
    set.expectSuccess()
    #expect(try Self.hexNames(sandbox.databasePath, sandbox) == [hexComposed])
    // Back to NFD through an import that replaces.
    let path = sandbox.folder.file("nfd.ndjson")
    let record = "{\"id\":\"\(id)\",\"name\":\"\(decomposed)\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}\n"
    try Data(record.utf8).write(to: URL(fileURLWithPath: path))
    let replaced = try await sandbox.runBounded(["import", path, "--on-conflict", "replace"])
    replaced.expectSuccess()
    #expect(try Self.hexNames(sandbox.databasePath, sandbox) == [hexDecomposed])
    for format in ["ndjson", "json", "csv", "tsv"] {
      let exported = try await sandbox.runBounded(["export", "--format", format, "--output", sandbox.folder.file("out.\(format)")])
      exported.expectSuccess()
      let bytes = try #require(sandbox.bytes(of: sandbox.folder.file("out.\(format)")))
      #expect(bytes.range(of: Data(decomposed.utf8)) != nil, "\(format)")
      #expect(bytes.range(of: Data(composed.utf8)) == nil, "\(format)")
    }
  }

  /// Through a pipe, which hands the bytes over in pieces (a file is read in chunks, as the
  /// reader's own tests do with a smaller limit; a debug build scans 16 MiB in seconds).
  @Test func aRecordPast16MiBIsRefusedWithItsLineFromAPipe() async throws {
    let sandbox = try CLISandbox()
    let record = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n"
    let long = "{\"name\":\"" + String(repeating: "x", count: 17 << 20) + "\"}\n"
    let bytes = Array((record + long + record).utf8)
    let child = try PipeFeeder.start(["import", "-"], in: sandbox, feeding: bytes, pieceSize: 4096)
    let fromPipe = try await child.finish(within: .seconds(120))
    fromPipe.expectExit(65)
    #expect(fromPipe.standardError.contains("line 2: a record is longer than 16 MiB"), "\(fromPipe)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}
