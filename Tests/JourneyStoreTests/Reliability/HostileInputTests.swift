import Foundation
import Testing
@testable import JourneyStore

/// Hostile input, generated from fixed seeds: huge values, NaN and infinities, NUL bytes, invalid
/// UTF-8, deep nesting, megabyte strings, SQL injection in every text field. Never a crash or a
/// hang; the right exit code; text stored literally, byte for byte.
@Suite("Reliability: hostile input")
struct HostileInputTests {
  /// Texts that break naive code: quoting, SQL, control characters, NUL, Unicode edge cases.
  static let nastyTexts: [String] = [
    "'; DROP TABLE journey; --", "\"; DELETE FROM change; --", "x' OR '1'='1", "Robert'); DROP TABLE batch;--",
    "1; ATTACH DATABASE '/tmp/evil' AS evil; --", "%", "_", "\\", "\\\\'", "${HOME}", "$(rm -rf /)", "`id`",
    "a\u{0}b", "\u{0}", "tab\there", "line\nbreak", "cr\rlf\r\n", "\u{1B}[31mred", "\u{7F}", "\u{FEFF}bom",
    "\u{202E}evil", "e\u{301}", "🚲🚌🚗", "\u{10FFFF}", "", " ", "\"", "\"\"", ",", "\",\"", "{}", "[]",
    "null", "NaN", "-Infinity", "1e309", "0x10", "--db", "-", "--help",
  ]

  // MARK: - The parsers in-process, thousands of seeded inputs

  @Test func theValueParsersNeverCrashAndRoundTrip() async throws {
    // On a thread of its own: seconds of CPU would otherwise hold one of the few threads that
    // every async test shares, and starve the tests that wait on processes.
    let (tried, problems) = try await onOwnThread { () -> (Int, [String]) in
      var generator = SeededGenerator(seed: 20_261_121)
      var problems: [String] = []
      var tried = 0
      for _ in 0..<4000 {
        let text = Self.randomText(&generator)
        tried += 1
        if let date = try? Date(parsing: text), !date.timeIntervalSinceReferenceDate.isFinite {
          problems.append("date \(text.debugDescription)")
        }
        if let seconds = try? TimeInterval(parsingDuration: text) {
          if !seconds.isFinite || seconds < 0 || (try? TimeInterval(parsingDuration: seconds.secondsText)) != seconds {
            problems.append("duration \(text.debugDescription)")
          }
        }
        if let type = try? TransportationType(parsing: text), (try? TransportationType(parsing: type.rawValue)) != type {
          problems.append("type \(text.debugDescription)")
        }
        for field in JourneyField.all {
          guard let value = try? field.parse(text) else { continue }
          let journey = Journey()
          field.assign(value, to: journey)
          if (try? field.parse(field.text(of: journey))) != value && field.name != "startDate" {
            problems.append("\(field.name) \(text.debugDescription)")
          }
        }
        _ = try? JourneyField.named(text)
      }
      return (tried, problems)
    }
    #expect(problems.isEmpty, "\(problems)")
    #expect(tried == 4000)
    // Values that must be refused, whatever their size.
    for text in ["nan", "NaN", "inf", "-inf", "infinity", "1e309", "-1", "-0.5", "1e309s", "9e999h", "1e400d"] {
      #expect(throws: JourneyInputError.self, "\(text)") { try TimeInterval(parsingDuration: text) }
    }
    for text in ["+275760-09-13T00:00:00Z", "99999-01-01", "2026-13-01", "2026-02-30", "2026-11-21T25:00:00Z", "", "\u{0}"] {
      #expect(throws: JourneyInputError.self, "\(text)") { try Date(parsing: text) }
    }
  }

  @Test(arguments: InterchangeFormat.allCases.filter { $0 != .tsv })
  func theImportReaderNeverCrashesOrLoops(_ format: InterchangeFormat) async throws {
    let seed = 1_121 + UInt64(InterchangeFormat.allCases.firstIndex(of: format) ?? 0)
    let stuck = try await onOwnThread { () -> [Int] in
      var generator = SeededGenerator(seed: seed)
      let valid = Self.validDocument(format, journeys: 3)
      var stuck: [Int] = []
      for round in 0..<1500 {
        let input = Self.mutated(valid, &generator)
        let reader = JourneyReader(text: String(decoding: input, as: UTF8.self), format: format)
        var records = 0
        while (try? reader.next()) != nil {
          records += 1
          if records > input.count + 1 {
            stuck.append(round)
            break
          }
        }
      }
      return stuck
    }
    #expect(stuck.isEmpty, "rounds where the reader does not advance: \(stuck)")
  }

  @Test func deeplyNestedAndHugeJSONIsRefusedWithoutACrash() throws {
    let depth = 200_000
    let inputs: [String] = [
      String(repeating: "[", count: depth),
      "[" + String(repeating: "{\"name\":", count: depth),
      #"{"name":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}",
      #"{"name":"x","duration":1"# + String(repeating: "0", count: 400) + "}",
      #"{"name":"x","duration":1e999999999}"#,
    ]
    for input in inputs {
      for format in [InterchangeFormat.json, .ndjson] {
        let reader = JourneyReader(text: input, format: format)
        #expect(throws: InterchangeError.self, "\(input.prefix(40))") {
          while try reader.next() != nil {}
        }
      }
    }
  }

  // MARK: - The command line

  @Test func sqlAndControlCharactersInEveryTextFieldAreStoredLiterally() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    var stored: [String: String] = [:]
    // Through `add` and `set` (arguments cannot hold NUL; the import below does).
    for (index, text) in Self.nastyTexts.enumerated() where !text.contains("\u{0}") {
      let add = try await sandbox.runBounded(["add", "--", text])
      add.expectSuccess("\(text.debugDescription)")
      let id = add.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      stored[id] = text
      if index % 2 == 0 {
        let renamed = text + " (renamed)"
        let set = try await sandbox.runBounded(["set", id, "name=" + renamed])
        set.expectSuccess("\(text.debugDescription)")
        stored[id] = renamed
      }
    }
    // Through an import of NDJSON, JSON and CSV, NUL included.
    for format in ["ndjson", "json", "csv"] {
      var journeys: [Journey] = []
      for text in Self.nastyTexts {
        let id = UUID().uuidString.lowercased()
        journeys.append(Journey(id: UUID(uuidString: id)!, name: text, startDate: SampleJourneys.morning, duration: 60))
        stored[id] = text
      }
      let path = sandbox.folder.file("nasty.\(format)")
      try Self.document(journeys, format: format).write(to: URL(fileURLWithPath: path))
      let imported = try await sandbox.runBounded(["import", path])
      imported.expectSuccess("\(format)")
    }
    // Every value is in the database exactly as given, and every table is still there.
    let connection = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    for (id, text) in stored {
      let name = try connection.firstValue("SELECT name FROM journey WHERE id = ?", [.text(id)])
      #expect(name == .text(text), "\(text.debugDescription)")
      #expect(Array(name?.text?.utf8 ?? "".utf8) == Array(text.utf8))
    }
    #expect(try connection.firstValue("SELECT count(*) FROM journey") == .integer(Int64(stored.count + 3)))
    // journey, batch, change, sqlite_sequence, log_horizon, journey_replaced, sync's six,
    // change_range and sync_held (version 11); a new file has no leftover of a migration.
    #expect(try connection.firstValue("SELECT count(*) FROM sqlite_schema WHERE type = 'table'") == .integer(14))
    // And an export reads back into another database unchanged.
    try await Self.expectExportRoundTrips(sandbox)
  }

  @Test func hostileArgumentsAreUsageErrors() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    var cases: [[String]] = []
    // Not "-" (ids from standard input) or "--help" (help), which mean something to every command.
    for text in Self.nastyTexts where !text.contains("\u{0}") && !text.isEmpty && text != "-" && text != "--help" {
      cases.append(["show", text])
      cases.append(["transport", "aaaa1", text])
      cases.append(["set", "aaaa1", "start=" + text])
      cases.append(["set", "aaaa1", "duration=" + text])
      cases.append(["set", "aaaa1", text + "=x"])
      cases.append(["list", "--since", text])
    }
    cases += [
      ["set", "aaaa1", "duration=nan"], ["set", "aaaa1", "duration=inf"], ["set", "aaaa1", "duration=1e309"],
      ["set", "aaaa1", "duration=" + String(repeating: "9", count: 400) + "h"],
      ["set", "aaaa1", "start=" + String(repeating: "2", count: 100_000)],
      ["add", "x", "--start", "+275760-09-13"], ["add", "x", "--duration", "-1s"], ["list", "--limit", "99999999999999999999"],
      ["show", "aaaa1111-0000-4000-8000-000000000001' OR '1'='1"], ["delete", "%", "--yes"], ["delete", "____", "--yes"],
    ]
    var codes: [Int32: Int] = [:]
    for arguments in cases {
      let result = try await sandbox.runBounded(arguments)
      codes[result.exitCode, default: 0] += 1
      #expect([64, 66].contains(result.exitCode), "\(arguments): \(result)")
      #expect(result.standardError.hasPrefix("roadtrip: error: "), "\(arguments): \(result)")
    }
    #expect(try sandbox.snapshot() == before)
    #expect(codes.keys.allSatisfy { $0 < 128 })
  }

  @Test func megabyteValuesAndNULRoundTrip() async throws {
    let sandbox = try CLISandbox()
    let megabyte = String(repeating: "ñ'\"\\,\u{0}\n🚲", count: 100_000)
    let journeys = [
      // The longest duration from this start: the journey ends just before the year 10000.
      Journey(
        name: megabyte, startDate: SampleJourneys.morning,
        duration: Journey.endLimit.timeIntervalSince(SampleJourneys.morning).nextDown),
      Journey(name: "tiny", startDate: Date(timeIntervalSinceReferenceDate: -63_145_526_400), duration: 5e-324),
      Journey(name: "late", startDate: Date(timeIntervalSinceReferenceDate: 252_423_993_599.999), duration: 0),
    ]
    let records = journeys.map(JourneyRecord.init)
    for format in ["ndjson", "json", "csv"] {
      let path = sandbox.folder.file("big.\(format)")
      try Self.document(journeys, format: format).write(to: URL(fileURLWithPath: path))
      let imported = try await sandbox.runBounded(["import", path, "--on-conflict", "replace"])
      imported.expectSuccess("\(format)")
    }
    let stored = try sandbox.records()
    for record in records {
      #expect(stored[record["id"]!.text] == record)
    }
    try await Self.expectExportRoundTrips(sandbox)
    // The largest argument Linux passes (128 KiB) is a name like any other.
    let long = String(repeating: "x", count: 131_000)
    let add = try await sandbox.runBounded(["add", long])
    add.expectSuccess()
    #expect(try sandbox.value("name", of: add.standardOutput.trimmingCharacters(in: .newlines)) == long)
  }

  @Test func invalidInputFilesAre65AndImportNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let valid = #"{"name":"Valid","transportationType":"bus","startDate":"2026-11-21","duration":60}"#
    let inputs: [(String, [UInt8])] = [
      ("invalid UTF-8", Array((valid + "\n").utf8) + [0x7B, 0x22, 0x6E, 0xFF, 0xFE, 0x22, 0x7D, 0x0A]),
      ("a raw NUL", Array((valid + "\n").utf8) + Array(#"{"name":"a"#.utf8) + [0] + Array(#"b","duration":1}"#.utf8) + [10]),
      ("NaN", Array((valid + "\n" + #"{"name":"n","duration":NaN}"# + "\n").utf8)),
      ("an infinite duration", Array((valid + "\n" + #"{"name":"n","duration":1e400}"# + "\n").utf8)),
      ("a negative duration", Array((valid + "\n" + #"{"name":"n","duration":-1}"# + "\n").utf8)),
      ("a year past 9999", Array((valid + "\n" + #"{"name":"n","startDate":"10000-01-01T00:00:00Z"}"# + "\n").utf8)),
      ("deep nesting", Array((valid + "\n").utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)),
      ("SQL as a type", Array((valid + "\n" + #"{"name":"n","transportationType":"bus' OR 1=1 --"}"# + "\n").utf8)),
      ("an id that is SQL", Array((valid + "\n" + #"{"id":"'; DROP TABLE journey; --","name":"n"}"# + "\n").utf8)),
    ]
    for (what, bytes) in inputs {
      let path = sandbox.folder.file("bad.ndjson")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let result = try await sandbox.runBounded(["import", path])
      result.expectExit(65, "\(what)")
      #expect(result.standardError.hasPrefix("roadtrip: error: \(path), line 2: "), "\(what): \(result)")
      #expect(result.standardError.hasSuffix("; nothing was imported\n"), "\(what): \(result)")
      #expect(try sandbox.snapshot() == before, "\(what)")
    }
  }

  @Test func seededRandomImportsAreAllOrNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    var generator = SeededGenerator(seed: 65_130)
    var outcomes: [Int32: Int] = [:]
    for round in 0..<60 {
      let format = [InterchangeFormat.ndjson, .json, .csv][round % 3]
      let input = Self.mutated(Self.validDocument(format, journeys: 4), &generator)
      let path = sandbox.folder.file("fuzz.\(format.rawValue)")
      try Data(input).write(to: URL(fileURLWithPath: path))
      let before = try sandbox.snapshot()
      let result = try await sandbox.runBounded(["import", path, "--on-conflict", "skip"], timeout: .seconds(120))
      outcomes[result.exitCode, default: 0] += 1
      switch result.exitCode {
      case 0:
        let imported = try #require(Int(result.standardError.split(separator: " ")[1]), "\(result)")
        #expect(try sandbox.records().count == before.records.count + imported, "round \(round)")
      case 65:
        #expect(result.standardError.hasPrefix("roadtrip: error: \(path), line "), "round \(round): \(result)")
        #expect(try sandbox.snapshot() == before, "round \(round)")
      default:
        Issue.record("round \(round): \(result)\n\(String(decoding: input, as: UTF8.self))")
      }
    }
    #expect(outcomes.keys.allSatisfy { [0, 65].contains($0) })
    try await sandbox.runBounded(["db", "check"]).expectSuccess()
    try await Self.expectExportRoundTrips(sandbox)
  }

  // MARK: - Helpers

  /// Exports as NDJSON, imports that into a new database, exports again: the same bytes.
  static func expectExportRoundTrips(_ sandbox: CLISandbox) async throws {
    for format in ["ndjson", "json", "csv"] {
      let first = sandbox.folder.file("first.\(format)")
      let copy = sandbox.folder.file("copy-\(format).sqlite")
      try await sandbox.runBounded(["export", "--format", format, "--output", first])
        .expectSuccess()
      let imported = try await sandbox.runBounded(["import", first, "--db", copy])
      imported.expectSuccess("\(format)")
      #expect(try sandbox.records(at: copy) == sandbox.records(), "\(format)")
    }
  }

  /// Journeys as a document in a format, written as roadtrip writes them.
  static func document(_ journeys: [Journey], format: String) throws -> Data {
    let interchange = try #require(InterchangeFormat(rawValue: format))
    var text = ""
    var writer = JourneyWriter(format: interchange) { text += $0 }
    for journey in journeys { try writer.write(journey) }
    try writer.finish()
    return Data(text.utf8)
  }

  /// A valid document of `journeys` journeys.
  static func validDocument(_ format: InterchangeFormat, journeys: Int) -> [UInt8] {
    let journeys = (0..<journeys).map {
      Journey(name: "Journey \($0)", transportationType: .bike, startDate: SampleJourneys.morning, duration: 90.5)
    }
    return Array((try? document(journeys, format: format.rawValue)) ?? Data())
  }

  /// A document with a few random edits: bytes flipped, hostile tokens inserted, a cut.
  static func mutated(_ bytes: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    let tokens = ["\u{0}", "\"", "\\", "\\u0000", "\\ud800", "NaN", "1e999", "-1", "[", "{", "]", "}", ",", "\n", "\r",
      "'; DROP TABLE journey; --", "\u{FFFF}", "null", "true", "9999999999999999999999", "\"duration\":", "\"id\":\"x\","]
    for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
      let index = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
      case 1: bytes.insert(contentsOf: tokens.randomElement(using: &generator)!.utf8, at: index)
      case 2: bytes.remove(at: index)
      case 3: bytes.removeSubrange(index...)
      default: bytes.insert(contentsOf: bytes[index...].prefix(20), at: index)
      }
    }
    return bytes
  }

  /// A short random text: mostly characters that mean something to the parsers.
  static func randomText(_ generator: inout SeededGenerator) -> String {
    let pieces = ["0", "1", "9", "12", "2026", "-", ":", "T", "Z", "+", ".", "e", "E", "h", "m", "s", "d", " ", "now",
      "bike", "Bike", "hired-car", "walkOrRun", "Shared Ride", "nan", "inf", "\u{0}", "٣", "①", "🚲", "'", "\"", "=",
      "99999999999999999999", "1e308", "0x", "-0", "60", "24", "31", "02", "29"]
    var text = ""
    for _ in 0..<Int.random(in: 0...8, using: &generator) {
      text += pieces.randomElement(using: &generator)!
    }
    return text
  }
}
