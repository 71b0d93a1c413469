import Foundation
import Testing
import JourneyStore
@testable import roadtrip

@Suite("roadtrip show")
struct ShowCommandTests {
  @Test func pipedItPrintsAPlainCard() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("show", "bbbb")
    result.expectSuccess()
    #expect(result.standardOutput == """
      Bus (bus)
      Name      Ferry, "the big one"
      Start     2026-11-22 12:00:00+00:00
      End       2026-11-22 12:10:00+00:00
      Duration  10m 0.5s
      Id        bbbb3333-0000-4000-8000-000000000003

      """)
  }

  @Test func onATerminalTheCardIsBoxedWithTheTypesSymbol() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["show", "aaaa1"])
    result.expectSuccess()
    let lines = result.lines
    #expect(lines.first?.hasPrefix("╭─") == true)
    #expect(lines.last?.hasPrefix("╰─") == true)
    #expect(lines.count == 8)
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│ ") && $0.hasSuffix(" │") })
    #expect(lines[1].contains("🚗 Car"))
    #expect(result.standardOutput.contains("1h 30m"))
    #expect(result.standardOutput.contains("2026-11-21 09:30:00+00:00"))
    let plain = try await sandbox.runInTerminal(["show", "aaaa1"], environment: ["NO_COLOR": "1"])
    #expect(plain.lines.first == "Car (car)")
    #expect(!plain.standardOutput.contains("╭"))
  }

  @Test(arguments: [
    (["--format", "json"], #"{"id":"aaaa2222-0000-4000-8000-000000000002","name":"Morning run","transportationType":"walk-or-run","startDate":"2026-11-20T06:30:00Z","duration":1800,"endDate":"2026-11-20T07:00:00Z"}"#),
    (["--json"], #"{"id":"aaaa2222-0000-4000-8000-000000000002","name":"Morning run","transportationType":"walk-or-run","startDate":"2026-11-20T06:30:00Z","duration":1800,"endDate":"2026-11-20T07:00:00Z"}"#),
    (["--format", "ids"], "aaaa2222-0000-4000-8000-000000000002"),
    (["--format", "tsv"], "aaaa2222-0000-4000-8000-000000000002\tMorning run\twalk-or-run\t2026-11-20T06:30:00Z\t1800\t2026-11-20T07:00:00Z"),
    (["--format", "csv"], "id,name,transportationType,startDate,duration,endDate\r\naaaa2222-0000-4000-8000-000000000002,Morning run,walk-or-run,2026-11-20T06:30:00Z,1800,2026-11-20T07:00:00Z\r"),
    (["--format", "table"], "ID        NAME         TYPE         START                   DURATION  END\naaaa2222  Morning run  walk-or-run  2026-11-20 06:30+00:00       30m  07:00+00:00"),
  ])
  func printsInEveryFormat(_ arguments: [String], expected: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(["show", "AAAA2222-0000-4000-8000-000000000002"] + arguments)
    result.expectSuccess()
    #expect(result.standardOutput == expected + "\n")
  }

  @Test func readsTheIdFromStandardInput() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("show", "-", "--format", "ids", input: "bbbb3333\n")
    #expect(result.lines == [SampleJourneys.ferryID])
    let two = try await sandbox.run("show", "-", "--format", "ids", input: "bbbb3333\naaaa1111\n")
    #expect(two.lines == [SampleJourneys.ferryID, SampleJourneys.coastID], "\(two)")
  }

  @Test func anAmbiguousPrefixListsTheCandidates() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("show", "aaaa")
    result.expectExit(64)
    #expect(result.standardOutput == "")
    #expect(result.standardError == """
      roadtrip: error: the id prefix 'aaaa' is ambiguous; it matches \(SampleJourneys.coastID) (Coast road), \
      \(SampleJourneys.runID) (Morning run); type more digits

      """)
  }

  @Test(arguments: [("cccc", 66, "no journey has an id starting with 'cccc'"), ("zz", 64, "'zz' is not a journey id")])
  func unknownAndInvalidIds(_ id: String, code: Int32, message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("show", id)
    #expect(result.exitCode == code, "\(result)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("roadtrip: error: " + message))
  }

  @Test func onAMissingDatabaseNoJourneyMatchesAndNothingIsCreated() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("show", "abcd")
    result.expectExit(66)
    #expect(!sandbox.exists(sandbox.databasePath))
  }
}

/// On a terminal the card fits the width: a long name is cut with an ellipsis; piped, never.
@Suite("roadtrip show on a narrow terminal")
struct ShowWidthTests {
  @Test func aLongNameIsCutToTheWidth() async throws {
    let sandbox = try CLISandbox()
    let name = "A journey along the coast 🚗 with a name far longer than any terminal is wide " + String(repeating: "x", count: 200)
    let id = try #require(try await sandbox.run("add", name, "--start", "2026-11-21T08:00:00Z").lines.first)
    for environment in [["COLUMNS": "60"], ["COLUMNS": "60", "NO_COLOR": "1"]] {
      let card = try await sandbox.runInTerminal(["show", id], environment: environment)
      card.expectSuccess()
      #expect(card.lines.allSatisfy { $0.visibleWidth <= 60 }, "\(card)")
      #expect(card.standardOutput.contains("A journey along the coast 🚗"), "\(card)")
      #expect(card.standardOutput.contains("…"), "\(card)")
    }
    let piped = try await sandbox.run("show", id)
    #expect(piped.standardOutput.contains(name))
  }
}

/// `show ID ID…` and `show -`: cards separated by a blank line, the other formats as `list`
/// prints them, JSON an array whenever several ids are given or `-` reads them.
@Suite("roadtrip show with several ids")
struct ShowSeveralTests {
  @Test func cardsAreSeparatedByABlankLineInTheOrderGiven() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let ferry = try await sandbox.run("show", "bbbb")
    let coast = try await sandbox.run("show", "aaaa1")
    let both = try await sandbox.run("show", "bbbb", "aaaa1", "bbbb3333")
    both.expectSuccess()
    #expect(both.standardOutput == ferry.standardOutput + "\n" + coast.standardOutput, "\(both)")
    let piped = try await sandbox.run("show", "-", input: "bbbb3333\taaaa\naaaa1111\n")
    #expect(piped.standardOutput == both.standardOutput, "\(piped)")
    let boxed = try await sandbox.runInTerminal(["show", "bbbb", "aaaa1"])
    #expect(boxed.lines.count == 17 && boxed.lines[8] == "" && boxed.lines[9].hasPrefix("╭─"), "\(boxed)")
  }

  @Test func jsonIsAnArrayForSeveralIdsOrStandardInput() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let one = try await sandbox.run("show", "aaaa2", "--json")
    #expect(one.standardOutput.hasPrefix("{") && one.lines.count == 1, "\(one)")
    let two = try await sandbox.run("show", "aaaa2", "bbbb", "--format", "json")
    let array = try JSONSerialization.jsonObject(with: Data(two.standardOutput.utf8)) as? [[String: Any]]
    #expect(array?.compactMap { $0["id"] as? String } == [SampleJourneys.runID, SampleJourneys.ferryID], "\(two)")
    let piped = try await sandbox.run("show", "-", "--json", input: "aaaa2\n")
    #expect(piped.standardOutput.hasPrefix("[") && piped.standardOutput.contains(SampleJourneys.runID), "\(piped)")
    let table = try await sandbox.run("show", "aaaa2", "bbbb", "--format", "table")
    #expect(table.lines.count == 3 && table.lines[0].hasPrefix("ID "), "\(table)")
  }

  @Test(arguments: [
    (["show"], "", 64, "name at least one journey"),
    (["show", "-", "-"], "aaaa2\n", 64, "give it only once"),
    (["show", "aaaa2", "cccc"], "", 66, "no journey has an id starting with 'cccc'"),
    (["show", "aaaa2", "zz"], "", 64, "'zz' is not a journey id"),
  ])
  func wrongIdsAreRefusedAndNothingIsPrinted(_ arguments: [String], input: String, code: Int32, message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(arguments, input: input)
    #expect(result.exitCode == code, "\(result)")
    #expect(result.standardOutput.isEmpty && result.standardError.contains(message), "\(result)")
  }
}
