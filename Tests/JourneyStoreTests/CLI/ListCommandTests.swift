import Foundation
import Testing
import JourneyStore

@Suite("roadtrip list")
struct ListCommandTests {
  private static let runLine =
    "aaaa2222-0000-4000-8000-000000000002\tMorning run\twalk-or-run\t2026-11-20T06:30:00Z\t1800\t2026-11-20T07:00:00Z"
  private static let coastLine =
    "aaaa1111-0000-4000-8000-000000000001\tCoast road\tcar\t2026-11-21T08:00:00Z\t5400\t2026-11-21T09:30:00Z"
  private static let ferryLine =
    "bbbb3333-0000-4000-8000-000000000003\tFerry, \"the big one\"\tbus\t2026-11-22T12:00:00Z\t600.5\t2026-11-22T12:10:00.5Z"

  @Test func pipedItPrintsTSVWithoutAHeaderByStartDate() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list")
    result.expectSuccess()
    #expect(result.standardError == "")
    #expect(result.lines == [Self.runLine, Self.coastLine, Self.ferryLine])
  }

  /// `--format tsv` prints what the piped default prints; `--header` adds one, in the order of
  /// the JSON keys.
  @Test func tsvByNameIsThePipedDefaultAndTakesAHeaderOnRequest() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let piped = try await sandbox.run("list")
    let named = try await sandbox.run("list", "--format", "tsv")
    #expect(named.lines == [Self.runLine, Self.coastLine, Self.ferryLine])
    #expect(named.standardOutput == piped.standardOutput)
    #expect(try await sandbox.run("list", "--format", "tsv", "--header").lines == [
      "id\tname\ttransportationType\tstartDate\tduration\tendDate", Self.runLine, Self.coastLine, Self.ferryLine,
    ])
    let csv = try await sandbox.run("list", "--format", "csv", "--no-header").standardOutput
    #expect(csv.utf8.count { $0 == UInt8(ascii: "\n") } == 3)
    #expect(csv.hasPrefix(SampleJourneys.runID))
  }

  @Test func csvHasAHeaderAndRFC4180Quoting() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--format", "csv")
    result.expectSuccess()
    #expect(result.standardOutput == [
      "id,name,transportationType,startDate,duration,endDate",
      "aaaa2222-0000-4000-8000-000000000002,Morning run,walk-or-run,2026-11-20T06:30:00Z,1800,2026-11-20T07:00:00Z",
      "aaaa1111-0000-4000-8000-000000000001,Coast road,car,2026-11-21T08:00:00Z,5400,2026-11-21T09:30:00Z",
      #"bbbb3333-0000-4000-8000-000000000003,"Ferry, ""the big one""",bus,2026-11-22T12:00:00Z,600.5,2026-11-22T12:10:00.5Z"#,
    ].map { $0 + "\r\n" }.joined())
  }

  @Test(arguments: [["--format", "json"], ["--json"]])
  func jsonIsOneArrayWithExactlyTheContractsKeys(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(["list"] + arguments)
    result.expectSuccess()
    #expect(result.standardOutput == """
      [
        {"id":"aaaa2222-0000-4000-8000-000000000002","name":"Morning run","transportationType":"walk-or-run",\
      "startDate":"2026-11-20T06:30:00Z","duration":1800,"endDate":"2026-11-20T07:00:00Z"},
        {"id":"aaaa1111-0000-4000-8000-000000000001","name":"Coast road","transportationType":"car",\
      "startDate":"2026-11-21T08:00:00Z","duration":5400,"endDate":"2026-11-21T09:30:00Z"},
        {"id":"bbbb3333-0000-4000-8000-000000000003","name":"Ferry, \\"the big one\\"","transportationType":"bus",\
      "startDate":"2026-11-22T12:00:00Z","duration":600.5,"endDate":"2026-11-22T12:10:00.5Z"}
      ]

      """)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    #expect(array.map { Set($0.keys) } == Array(repeating: Set(JourneyRecord.keys), count: 3))
    #expect(array.last?["duration"] as? Double == 600.5)
  }

  @Test func ndjsonIsOneObjectALine() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--format", "ndjson")
    #expect(result.lines.count == 3)
    let objects = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.map { $0?["id"] as? String } == SampleJourneys.idsByStart)
    #expect(result.lines[1] == """
      {"id":"aaaa1111-0000-4000-8000-000000000001","name":"Coast road","transportationType":"car",\
      "startDate":"2026-11-21T08:00:00Z","duration":5400,"endDate":"2026-11-21T09:30:00Z"}
      """)
  }

  @Test func idsIsOneIdALine() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--format", "ids")
    #expect(result.lines == SampleJourneys.idsByStart)
  }

  @Test func aTableByNameIsAlignedAndPlainWhenPiped() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--format", "table")
    #expect(result.standardOutput == """
      ID        NAME                  TYPE         START                   DURATION  END
      aaaa2222  Morning run           walk-or-run  2026-11-20 06:30+00:00       30m  07:00+00:00
      aaaa1111  Coast road            car          2026-11-21 08:00+00:00    1h 30m  09:30+00:00
      bbbb3333  Ferry, "the big one"  bus          2026-11-22 12:00+00:00  10m 0.5s  12:10+00:00

      """)
  }

  @Test func onATerminalItIsADecoratedTable() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["list"])
    result.expectSuccess()
    #expect(result.standardOutput.contains("\u{1B}[1mID"))
    #expect(result.standardOutput.contains("\u{1B}[33maaaa1111\u{1B}[0m"))
    #expect(result.standardOutput.contains("🚗 car"))
    #expect(result.standardOutput.contains("🚶 walk-or-run"))
    #expect(!result.standardOutput.contains("\t"))
  }

  /// An empty table says why: no database file, no match for the filters, or no journeys.
  @Test func onATerminalAnEmptyListSaysWhyOnStandardError() async throws {
    let sandbox = try CLISandbox()
    let missing = try await sandbox.runInTerminal(["list"])
    missing.expectSuccess()
    #expect(missing.standardOutput == "No database at \(sandbox.databasePath) yet; roadtrip add NAME creates it.\n")
    #expect(!sandbox.exists(sandbox.databasePath))
    try sandbox.seedSamples()
    for filter in [["--transport", "scooter"], ["--search", "nowhere"], ["--since", "2030-01-01"]] {
      let unmatched = try await sandbox.runInTerminal(["list"] + filter)
      #expect(unmatched.standardOutput == "No journey matches these filters; roadtrip list without them shows every journey.\n")
    }
    try await sandbox.run("delete", "-", "--yes", input: SampleJourneys.idsByStart.joined(separator: "\n"))
      .expectSuccess()
    let empty = try await sandbox.runInTerminal(["list"])
    #expect(empty.standardOutput == "No journeys. Add one with: roadtrip add NAME\n")
  }

  @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
  func noColorOrADumbTerminalGetPlainText(_ environment: [String: String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["list"], environment: environment)
    result.expectSuccess()
    #expect(result.standardOutput.contains("aaaa1111  Coast road"))
    #expect(!result.standardOutput.contains("\u{1B}"))
    #expect(!result.standardOutput.contains("🚗"))
  }

  @Test(arguments: [
    (["--transport", "car", "--transport", "Bus"], [SampleJourneys.coastID, SampleJourneys.ferryID]),
    (["--transport", "walkOrRun"], [SampleJourneys.runID]),
    (["--since", "2026-11-21"], [SampleJourneys.coastID, SampleJourneys.ferryID]),
    (["--until", "2026-11-21T08:00:00Z"], [SampleJourneys.runID]),
    (["--since", "2026-11-21T08:00:00Z", "--until", "2026-11-21"], [SampleJourneys.coastID]),
    (["--since", "2026-11-21T08:00:00Z", "--until", "2026-11-22"], [SampleJourneys.coastID, SampleJourneys.ferryID]),
    (["--on", "2026-11-21"], [SampleJourneys.coastID]),
    (["--sort", "duration", "--reverse"], [SampleJourneys.coastID, SampleJourneys.runID, SampleJourneys.ferryID]),
    (["--sort", "name"], [SampleJourneys.coastID, SampleJourneys.ferryID, SampleJourneys.runID]),
    (["--sort", "transport", "-r", "--limit", "2"], [SampleJourneys.runID, SampleJourneys.coastID]),
    (["--limit", "0"], []),
  ])
  func filtersSortsAndLimits(_ arguments: [String], expected: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(["list", "--format", "ids"] + arguments)
    result.expectSuccess()
    #expect(result.lines == expected)
  }

  @Test(arguments: [
    (["--sort", "nmae"], "'nmae' is not a journey field (did you mean 'name'?)"),
    (["--since", "someday"], "'someday' is not a date"),
    (["--transport", "bsu"], "did you mean 'bus'?"),
    (["--limit=-1"], "--limit is a number of journeys, 0 or more"),
    (["--format", "yaml"], "The value 'yaml' is invalid for '--format <format>'"),
    (["--json", "--format", "csv"], "--json is short for --format json"),
  ])
  func badOptionsAreUsageErrors(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(["list"] + arguments)
    result.expectExit(64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(result.standardError.contains(message), "\(result)")
  }

  @Test(arguments: [
    ([], ""), (["--format", "ids"], ""), (["--format", "ndjson"], ""), (["--format", "table"], ""),
    (["--json"], "[]\n"), (["--format", "tsv"], ""),
    (["--format", "tsv", "--header"], "id\tname\ttransportationType\tstartDate\tduration\tendDate\n"),
    (["--format", "csv"], "id,name,transportationType,startDate,duration,endDate\r\n"),
  ])
  func aMissingDatabaseListsNothingAndIsNotCreated(_ arguments: [String], expected: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["list"] + arguments)
    result.expectSuccess()
    #expect(result.standardOutput == expected)
    #expect(result.standardError == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).allSatisfy { !$0.hasPrefix("journeys") })
  }

  @Test func namesWithTabsAndNewlinesStayOneRecord() async throws {
    let sandbox = try CLISandbox()
    let id = "cccc0000-0000-4000-8000-000000000000"
    try sandbox.seed([Journey(id: UUID(uuidString: id)!, name: "Tab\there\nnext \\ line\u{1B}[31m", startDate: SampleJourneys.morning)])
    let tsv = try await sandbox.run("list")
    #expect(tsv.lines.count == 1)
    #expect(tsv.lines.first?.split(separator: "\t").dropFirst().first == "Tab\\there\\nnext \\\\ line\u{1B}[31m")
    let csv = try await sandbox.run("list", "--format", "csv")
    #expect(csv.standardOutput.contains(",\"Tab\there\nnext \\ line\u{1B}[31m\",car,"))
    let json = try await sandbox.run("list", "--format", "ndjson")
    #expect(json.standardOutput.contains(#""name":"Tab\there\nnext \\ line\u001b[31m""#))
    let table = try await sandbox.run("list", "--format", "table")
    #expect(table.lines.count == 2)
    #expect(table.standardOutput.contains("Tab\\there\\nnext \\ line\\u{1B}[31m"))
    #expect(!table.standardOutput.contains("\u{1B}"))
  }
}
