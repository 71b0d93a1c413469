import Foundation
import Testing
@testable import JourneyStore

/// `roadtrip import` of what a spreadsheet exports (issue 26): its separator, its extra columns,
/// an end instead of a duration, a second import of the same rows, a dry run, and input whose
/// format nothing names.
@Suite("roadtrip import of a spreadsheet's CSV")
struct ImportSpreadsheetCommandTests {
  static let semicolons = """
    name;transport;start;end;notes
    Coast road;car;2026-11-21T08:00:00Z;2026-11-21T09:30:00Z;"windy; slow"
    Morning run;walk-or-run;2026-11-20T06:30:00Z;2026-11-20T07:00:00Z;

    """

  /// Writes a file into the sandbox's folder.
  static func file(_ name: String, _ text: String, in sandbox: CLISandbox) throws -> String {
    let path = sandbox.folder.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The journeys in the database as name, type, start and duration, sorted.
  static func journeys(in sandbox: CLISandbox) throws -> [String] {
    try sandbox.records().values.map { record in
      ["name", "transportationType", "startDate", "duration"].map { record[$0]?.text ?? "-" }.joined(separator: " ")
    }.sorted()
  }

  @Test func aSemicolonFileWithAnExtraColumnAndEndsImportsAndSaysWhatItDid() async throws {
    let sandbox = try CLISandbox()
    let path = try Self.file("trips.csv", Self.semicolons, in: sandbox)
    let result = try await sandbox.run("import", path)
    result.expectSuccess()
    #expect(result.standardOutput == "")
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 4, "\(result)")
    #expect(lines.first == "roadtrip: read the CSV with ';' between fields, the separator its header has most of (--delimiter chooses another)")
    #expect(lines.dropFirst().first == "roadtrip: warning: ignored the column 'notes', which names no journey key (--strict refuses it)")
    #expect(lines.dropFirst(2).first?.hasPrefix("Imported 2 journeys in ") == true)
    #expect(lines.last == "roadtrip: created \(sandbox.databasePath)")
    #expect(try Self.journeys(in: sandbox) == [
      "Coast road car 2026-11-21T08:00:00Z 5400", "Morning run walk-or-run 2026-11-20T06:30:00Z 1800",
    ])
  }

  @Test(arguments: [("|", "|"), ("\\t", "\t"), ("tab", "\t"), (";", ";")])
  func delimiterReadsThatSeparatorAndImpliesCSV(option: String, separator: String) async throws {
    let sandbox = try CLISandbox()
    // More commas than separators in the header: only --delimiter reads it right.
    let text = ["c1,c2,c3,c4,c5", "name", "transport", "start", "duration"].joined(separator: separator) + "\n"
      + ["x", "Lunch", "bus", "2026-11-21T12:00:00Z", "45m"].joined(separator: separator) + "\n"
    let result = try await sandbox.run("import", "--delimiter", option, input: text)
    result.expectSuccess()
    #expect(!result.standardError.contains("read the CSV with"), "\(result)")
    #expect(result.standardError.contains("ignored the column 'c1,c2,c3,c4,c5'"), "\(result)")
    #expect(try Self.journeys(in: sandbox) == ["Lunch bus 2026-11-21T12:00:00Z 2700"])
  }

  @Test func aDelimiterThatIsNoneOfTheFourOrForAnotherFormatIsAUsageError() async throws {
    let sandbox = try CLISandbox()
    let colon = try await sandbox.run("import", "--delimiter", ":", input: "name:type\n")
    colon.expectExit(64)
    #expect(colon.standardError.contains("--delimiter takes one of , ; | or a tab"), "\(colon)")
    let json = try await sandbox.run("import", "--delimiter", ";", "--format", "json", input: "[]")
    json.expectExit(64)
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func strictRefusesAnUnknownColumnAndAMisspeltOneIsAlwaysRefused() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let strict = try await sandbox.run("import", "--strict", "--format", "csv", input: Self.semicolons)
    strict.expectExit(65)
    #expect(strict.standardError.contains("standard input, line 1: 'notes' is not a journey key"), "\(strict)")
    let misspelt = "name,transprot,start,duration\nLunch,bus,2026-11-21T12:00:00Z,45m\n"
    let refused = try await sandbox.run("import", input: misspelt)
    refused.expectExit(65)
    #expect(refused.standardError.contains("line 1: 'transprot' is not a journey key (did you mean 'transport'?)"), "\(refused)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func anEndBeforeTheStartOrThatDisagreesWithTheDurationImportsNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let backwards = "name,transport,start,end\nA,car,2026-11-21T08:00:00Z,2026-11-21T09:00:00Z\nB,car,2026-11-21T10:00:00Z,2026-11-21T09:00:00Z\n"
    let refused = try await sandbox.run("import", input: backwards)
    refused.expectExit(65)
    #expect(refused.standardError == "roadtrip: error: standard input, line 3: endDate 2026-11-21T09:00:00Z lies before startDate 2026-11-21T10:00:00Z; nothing was imported\n")
    let disagreeing = "name,transport,start,duration,end\nA,car,2026-11-21T08:00:00Z,30m,2026-11-21T09:00:00Z\n"
    let other = try await sandbox.run("import", input: disagreeing)
    other.expectExit(65)
    #expect(other.standardError.contains("line 2: endDate 2026-11-21T09:00:00Z is not startDate + duration"), "\(other)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func theSameFileWithoutIdsImportedTwiceSkipsWhatIsAlreadyThere() async throws {
    let sandbox = try CLISandbox()
    let path = try Self.file("trips.csv", Self.semicolons, in: sandbox)
    try await sandbox.run("import", path).expectSuccess()
    let imported = try Self.journeys(in: sandbox)
    let again = try await sandbox.run("import", path)
    again.expectSuccess()
    #expect(again.standardError.contains("Imported 0 journeys (2 duplicates skipped) in "), "\(again)")
    #expect(try Self.journeys(in: sandbox) == imported)
    #expect(try sandbox.batchCount() == 1)

    // One row more, one row changed: only those go in.
    let grown = Self.semicolons.replacingOccurrences(of: "Morning run", with: "Evening run")
      + "Lunch;bus;2026-11-21T12:00:00Z;2026-11-21T12:45:00Z;\n"
    let third = try await sandbox.run("import", "-", "--format", "csv", input: grown)
    #expect(third.standardError.contains("Imported 2 journeys (1 duplicate skipped) in "), "\(third)")
    #expect(try Self.journeys(in: sandbox).count == 4)

    let kept = try await sandbox.run("import", path, "--keep-duplicates")
    #expect(kept.standardError.contains("Imported 2 journeys in "), "\(kept)")
    #expect(try Self.journeys(in: sandbox).count == 6)
  }

  @Test func identicalRowsInOneFileAreOneJourneyButRowsWithIdsAreNeverDeduplicated() async throws {
    let sandbox = try CLISandbox()
    let row = "Lunch,bus,2026-11-21T12:00:00Z,2700\n"
    let twice = try await sandbox.run("import", input: "name,transport,start,duration\n" + row + row)
    #expect(twice.standardError.contains("Imported 1 journey (1 duplicate skipped) in "), "\(twice)")
    let withIDs = "id,name,transport,start,duration\n"
      + "cccc4444-0000-4000-8000-000000000001," + row + "cccc4444-0000-4000-8000-000000000002," + row
    let identified = try await sandbox.run("import", input: withIDs)
    #expect(identified.standardError.contains("Imported 2 journeys in "), "\(identified)")
    #expect(try Self.journeys(in: sandbox).count == 3)
  }

  @Test func aDryRunChecksAndCountsButWritesNothing() async throws {
    let sandbox = try CLISandbox()
    let path = try Self.file("trips.csv", Self.semicolons, in: sandbox)
    let missing = try await sandbox.run("import", path, "--dry-run")
    missing.expectSuccess()
    #expect(missing.standardError.hasSuffix("Would import 2 journeys; nothing was written.\n"), "\(missing)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.contains("journeys.sqlite") } == [])

    try sandbox.seedSamples()
    try await sandbox.run("import", path).expectSuccess()
    let before = try sandbox.snapshot()
    let grown = Self.semicolons + "Lunch;bus;2026-11-21T12:00:00Z;2026-11-21T12:45:00Z;\n"
    let dry = try await sandbox.run("import", "--dry-run", "--format", "csv", input: grown)
    #expect(dry.standardError.hasSuffix("Would import 1 journey (2 duplicates skipped); nothing was written.\n"), "\(dry)")
    let conflicts = try await sandbox.run("import", "--dry-run", "--on-conflict", "skip", input: ImportExportCommandTests.ndjson)
    #expect(conflicts.standardError == "Would import 0 journeys (3 skipped); nothing was written.\n", "\(conflicts)")
    let bad = try await sandbox.run("import", "--dry-run", input: "name,transport,start,duration\nA,bsu,2026-11-21,1h\n")
    bad.expectExit(65)
    #expect(bad.standardError.contains("line 2: transportationType: 'bsu' is not a transportation type"), "\(bad)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func withoutAFormatTheFirstBytesTellIt() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let expected = try sandbox.records()
    for format in ["json", "ndjson", "csv", "tsv"] {
      let exported = try await sandbox.run("export", "--format", format)
      let copy = sandbox.folder.file("piped-\(format).sqlite")
      let piped = try await sandbox.run("import", "--db", copy, input: exported.standardOutput)
      piped.expectSuccess("\(format)")
      #expect(try sandbox.records(at: copy) == expected, "\(format)")
      // A file whose extension names no format is read the same way.
      let path = try Self.file("journeys-\(format).txt", exported.standardOutput, in: sandbox)
      let fromFile = try await sandbox.run("import", path, "--db", sandbox.folder.file("file-\(format).sqlite"))
      fromFile.expectSuccess("\(format)")
    }
  }

  @Test func anExplicitFormatWinsOverTheFirstBytes() async throws {
    let sandbox = try CLISandbox()
    let csv = "name,transport,start,duration\nLunch,bus,2026-11-21T12:00:00Z,45m\n"
    let asNDJSON = try await sandbox.run("import", "--format", "ndjson", input: csv)
    asNDJSON.expectExit(65)
    #expect(!asNDJSON.standardError.contains("give --format"), "\(asNDJSON)")
    let path = try Self.file("trip.json", csv, in: sandbox)
    let byExtension = try await sandbox.run("import", path)
    byExtension.expectExit(65)
    let unknown = try await sandbox.run("import", input: "Lunch at noon\n")
    unknown.expectExit(65)
    #expect(unknown.standardError.contains("it was read as NDJSON, as its first line is neither JSON nor a header that names a journey key: give --format csv, tsv or json"), "\(unknown)")
    // A first line that is a JSON object is NDJSON as such: what it lacks is said, no format.
    let object = try await sandbox.run("import", input: #"{"name":"Lunch","transportationType":"bus"}"# + "\n")
    object.expectExit(65)
    #expect(
      object.standardError
        == "roadtrip: error: standard input, line 1: the journey has no 'startDate'; nothing was imported\n",
      "\(object)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  /// The README's dry run of a spreadsheet's week, run as written: its lines of standard error
  /// are what the command prints there, and its journeys (new ids each time) what it prints on
  /// standard output.
  @Test func theReadmesDryRunPrintsWhatTheReadmeShows() async throws {
    let readme = try String(contentsOf: ReadmeSetupTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.components(separatedBy: "\n")
    let command = try #require(lines.firstIndex { $0.hasPrefix("$ roadtrip import week.csv --dry-run") })
    let shown = lines[(command + 1)...].prefix { !$0.hasPrefix("$") && !$0.hasPrefix("```") }
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let rows = [
      "Coast road;car;2026-11-21T08:00:00Z;2026-11-21T09:30:00Z;already there",
      "Morning run;walk-or-run;2026-11-20T06:30:00Z;2026-11-20T07:00:00Z;already there",
    ] + (23...27).map { "School run;car;2026-11-\($0)T08:15:00Z;2026-11-\($0)T08:35:00Z;" }
    _ = try Self.file("week.csv", "name;transport;start;end;notes\n" + rows.joined(separator: "\n") + "\n", in: sandbox)
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("import", "week.csv", "--dry-run")
    result.expectSuccess()
    let added = shown.filter { $0.hasPrefix("add ") }
    #expect(result.standardError == shown.filter { !$0.hasPrefix("add ") }.joined(separator: "\n") + "\n")
    // The same lines but for the new journeys' ids, 8 hex digits.
    func withoutIDs(_ lines: [String]) -> [String] {
      lines.map { $0.replacing(/[0-9a-f]{8}/, with: "ID") }
    }
    #expect(withoutIDs(result.lines) == withoutIDs(Array(added)), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }
}
