import Foundation
import Testing
@testable import JourneyStore

@Suite("roadtrip import and export")
struct ImportExportCommandTests {
  static let ndjson = """
    {"id":"\(SampleJourneys.coastID)","name":"Coast road","transportationType":"car","startDate":"2026-11-21T08:00:00Z","duration":5400,"endDate":"2026-11-21T09:30:00Z"}
    {"id":"\(SampleJourneys.runID)","name":"Morning run","transportationType":"walk-or-run","startDate":"2026-11-20T06:30:00Z","duration":1800,"endDate":"2026-11-20T07:00:00Z"}
    {"id":"\(SampleJourneys.ferryID)","name":"Ferry, \\"the big one\\"","transportationType":"bus","startDate":"2026-11-22T12:00:00Z","duration":600.5,"endDate":"2026-11-22T12:10:00.5Z"}

    """

  @Test(arguments: [InterchangeFormat.ndjson, .json, .csv])
  func exportThenImportIntoAnEmptyDatabaseReproducesEveryJourney(format: InterchangeFormat) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let exported = try await sandbox.run("export", "--format", format.rawValue)
    exported.expectSuccess()
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run(
      "import", "--format", format.rawValue, input: exported.standardOutput, environment: ["ROADTRIP_DB": copy])
    imported.expectSuccess()
    #expect(imported.standardOutput == "")
    #expect(imported.standardError.hasPrefix("Imported 3 journeys in "))
    #expect(try sandbox.records(at: copy) == sandbox.records())
    let again = try await sandbox.run("export", "--format", format.rawValue, environment: ["ROADTRIP_DB": copy])
    #expect(again.standardOutput == exported.standardOutput)
  }

  @Test func exportWritesTheContractsKeysOneObjectALine() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export")
    result.expectSuccess()
    // In the order they were stored: the coast road, the run, the ferry.
    #expect(result.standardOutput == Self.ndjson)
  }

  @Test func exportStreamsWithoutGrowingMemory() async throws {
    let sandbox = try CLISandbox()
    func database(_ name: String, journeys count: Int) throws -> String {
      let path = sandbox.folder.file(name)
      let text = (0..<count).map { index in
        #"{"name":"Journey \#(index)","transportationType":"bike","startDate":"2026-11-21T08:00:00Z","duration":\#(index)}"#
      }.joined(separator: "\n")
      _ = try JourneyDatabase(path: path).importJourneys(from: JourneyReader(text: text, format: .ndjson))
      return path
    }
    let small = try database("small.sqlite", journeys: 1_000)
    let large = try database("large.sqlite", journeys: 20_000)
    for format in ["ndjson", "json", "csv"] {
      let arguments = ["export", "--format", format, "--db"]
      let smallPeak = try await RoadtripBinary.peakMemory(arguments + [small], environment: sandbox.environment)
      let largePeak = try await RoadtripBinary.peakMemory(arguments + [large], environment: sandbox.environment)
      // Twenty times the journeys (about 3 MB more output) take no more memory than SQLite's page
      // cache (2 MB at most) may fill; holding the output would take 8 MiB more or so.
      #expect(largePeak < smallPeak + 3_072, "\(format): \(smallPeak) KiB, then \(largePeak) KiB")
      #expect(largePeak < 50 * 1_024)
    }
  }

  @Test func exportToAFileWritesItWholeAndPrivately() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let path = sandbox.folder.file("journeys.csv")
    let result = try await sandbox.run("export", "--format", "csv", "--output", path)
    result.expectSuccess()
    #expect(result.standardOutput == "")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("id,name,transportationType,startDate,duration,endDate\r\n"))
    #expect(text.split(separator: "\r\n").count == 4)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.contains(".roadtrip-") } == [])
  }

  @Test func exportOfAMissingDatabaseIsEmptyAndCreatesNothing() async throws {
    let sandbox = try CLISandbox()
    #expect(try await sandbox.run("export").standardOutput == "")
    try await sandbox.run("export", "--json").expectExit(64)
    #expect(try await sandbox.run("export", "--format", "json").standardOutput == "[]\n")
    #expect(try await sandbox.run("export", "--format", "csv").standardOutput == "id,name,transportationType,startDate,duration,endDate\r\n")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func theFormatComesFromTheFileExtension() async throws {
    let sandbox = try CLISandbox()
    let path = sandbox.folder.file("trips.csv")
    try "name,transportationType,startDate,duration\nLunch,car,2026-11-21T12:00:00Z,45m\n".write(toFile: path, atomically: false, encoding: .utf8)
    let result = try await sandbox.run("import", path)
    result.expectSuccess()
    #expect(result.standardError.hasPrefix("Imported 1 journey in "))
    let record = try #require(try sandbox.records().values.first)
    #expect(record["name"] == .string("Lunch"))
    #expect(record["duration"] == .number("2700"))
    #expect(try sandbox.origins() == ["roadtrip import \(path)"])
  }

  @Test func malformedInputImportsNothingAndNamesItsLine() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let input = Self.ndjson.replacingOccurrences(of: SampleJourneys.coastID, with: "cccc4444-0000-4000-8000-000000000004")
      .replacingOccurrences(of: "\"bus\"", with: "\"bsu\"")
    let result = try await sandbox.run("import", "--on-conflict", "skip", input: input)
    result.expectExit(65)
    #expect(result.standardError == "roadtrip: error: standard input, line 3: transportationType: 'bsu' is not a transportation type (did you mean 'bus'?); use one of: walk-or-run, skateboard, scooter, bike, car, hired-car, bus, light-rail; nothing was imported\n")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func aFailedFirstImportLeavesNoDatabaseBehind() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("import", input: "{\"name\": \"unfinished\"")
    result.expectExit(65)
    #expect(result.standardError.contains("line 1: the input ends inside a record"))
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func conflictsFailSkipOrReplace() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let renamed = Self.ndjson.replacingOccurrences(of: "Coast road", with: "Coast road, again")

    let failed = try await sandbox.run("import", input: renamed)
    failed.expectExit(65)
    #expect(failed.standardError.contains("line 1: a journey with the id \(SampleJourneys.coastID) already exists; use --on-conflict skip, replace or update"))
    #expect(try sandbox.snapshot() == before)

    let skipped = try await sandbox.run("import", "--on-conflict", "skip", input: renamed)
    #expect(skipped.standardError.hasPrefix("Imported 0 journeys (3 skipped) in "))
    #expect(try sandbox.snapshot() == before)

    let replaced = try await sandbox.run("import", "--on-conflict", "replace", input: renamed)
    #expect(replaced.standardError.hasPrefix("Imported 0 journeys (1 replaced, 2 unchanged) in "), "\(replaced)")
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road, again")
    #expect(try sandbox.changedFields(inBatch: 2) == [SampleJourneys.coastID: ["name"]])
  }

  @Test func anInterruptedImportIs130AndImportsNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let pipe = Pipe()
    let importing = try sandbox.start(["import"], input: pipe.fileHandleForReading)
    try pipe.fileHandleForReading.close()
    // Journeys go in, the input stays open, and the import is interrupted halfway. Less than a
    // pipe's buffer is written, so that the write never waits for the reader.
    let lines = (0..<400).map { #"{"name":"Halfway \#($0)","transportationType":"bus","startDate":"2026-11-21","duration":60}"# }
    try pipe.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try await Task.sleep(for: .milliseconds(500))
    importing.signal(SIGINT)
    #expect(try await importing.finish(within: nil).exitCode == 130)
    try pipe.fileHandleForWriting.close()
    #expect(try sandbox.snapshot() == before)
    try await sandbox.run("db", "check").expectSuccess()
  }

  @Test func badArgumentsAreUsageErrors() async throws {
    let sandbox = try CLISandbox()
    let format = try await sandbox.run("import", "--format", "xml", "x.xml")
    format.expectExit(64)
    let policy = try await sandbox.run("import", "--on-conflict", "overwrite")
    policy.expectExit(64)
    #expect(policy.standardError.contains("fail"))
    let missing = try await sandbox.run("import", "no-such-file.ndjson")
    missing.expectExit(66)
    #expect(missing.standardError == "roadtrip: error: cannot open no-such-file.ndjson: No such file or directory\n")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func exportToAPathThatCannotBeWrittenFails() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "--output", "/dev/full/x")
    result.expectExit(74)
    #expect(result.standardError.hasPrefix("roadtrip: error: cannot write to /dev/full/x: "))
  }
}

extension ImportExportCommandTests {
  @Test func listPipedIntoImportAsTSVCopiesEveryJourney() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let copy = sandbox.folder.file("copy.sqlite")
    let listed = try await sandbox.run("list")
    listed.expectSuccess()
    let imported = try await sandbox.run("import", "-", "--db", copy, "--format", "tsv", input: listed.standardOutput)
    imported.expectSuccess()
    #expect(try sandbox.records(at: copy) == sandbox.records())
  }

  /// Without --format, what `list` pipes is told from its first bytes (a journey id, then a
  /// tab: TSV without a header); a file whose extension names a format is read as that format.
  @Test func listPipedIntoImportWithoutAFormatIsReadAsTSV() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let copy = sandbox.folder.file("copy.sqlite")
    let listed = try await sandbox.run("list")
    let imported = try await sandbox.run("import", "-", "--db", copy, input: listed.standardOutput)
    imported.expectSuccess()
    #expect(try sandbox.records(at: copy) == sandbox.records())
    let file = sandbox.folder.file("trip.ndjson")
    try Data(listed.standardOutput.utf8).write(to: URL(fileURLWithPath: file))
    let fromFile = try await sandbox.run("import", file, "--db", sandbox.folder.file("other.sqlite"))
    fromFile.expectExit(65)
    #expect(!fromFile.standardError.contains("give --format"), "\(fromFile)")
  }
}
