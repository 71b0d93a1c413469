import Foundation
import Testing
@testable import JourneyStore
@testable import roadtrip

/// `list` for people: names found by `--search`, and a table that fits the terminal's width and
/// streams a long listing.
@Suite("roadtrip list on a terminal")
struct ListOnTerminalTests {
  @Test func searchKeepsNamesContainingTheTextIgnoringCase() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("list", "--search", "ROAD", "--format", "ids")
    #expect(result.lines == [SampleJourneys.coastID])
    let limited = try await sandbox.run("list", "--search", "r", "--limit", "1", "--format", "ids")
    #expect(limited.lines == [SampleJourneys.runID])
    let combined = try await sandbox.run("list", "--search", "r", "--transport", "bus", "--format", "ids")
    #expect(combined.lines == [SampleJourneys.ferryID])
  }

  /// `--search` goes through the query now: every format prints the journeys it finds exactly as
  /// the same journeys print without it, and the matching (case, canonical equivalence, LIKE's
  /// wildcards) is as it was.
  @Test func searchPrintsAsTheUnsearchedListInEveryFormat() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    for format in ["table", "json", "ndjson", "csv", "tsv", "ids"] {
      let searched = try await sandbox.run("list", "--search", "ROAD", "--format", format)
      let byType = try await sandbox.run("list", "--transport", "car", "--format", format)
      #expect(searched.exitCode == 0 && searched.standardOutput == byType.standardOutput, "\(format): \(searched)")
    }
    try sandbox.seed([
      Journey(name: "Cafe\u{301} crawl", transportationType: .walkOrRun, startDate: SampleJourneys.morning + 1),
      Journey(name: "50% off_road", transportationType: .bike, startDate: SampleJourneys.morning + 2),
    ])
    let cases: [(String, [String])] = [
      ("CAFÉ", ["Cafe\u{301} crawl"]), ("cafe", []), ("%", ["50% off_road"]), ("_", ["50% off_road"]),
      ("\"THE", ["Ferry, \"the big one\""]), ("road", ["Coast road", "50% off_road"]),
    ]
    for (search, names) in cases {
      let result = try await sandbox.run("list", "--search", search, "--format", "tsv")
      #expect(result.lines.map { $0.split(separator: "\t")[1] } == names.map { Substring($0) }, "\(search): \(result)")
    }
  }

  /// On a terminal of 80 columns a long name is cut with an ellipsis, counting wide characters
  /// and emoji as two columns, to 20 columns, the end left out for it; at 100 every column is
  /// shown and the name gets the rest; piped, the same table is never cut.
  @Test func theTableFitsTheTerminalWidth() async throws {
    let sandbox = try CLISandbox()
    let long = "Coast road 🚗 along the 海岸 " + String(repeating: "and on ", count: 40)
    try sandbox.seed([Journey(name: long, transportationType: .car, startDate: SampleJourneys.morning, duration: 600)])
    try sandbox.seedSamples()
    for columns in [80, 100] {
      let result = try await sandbox.runInTerminal(["list"], environment: ["NO_COLOR": "1", "COLUMNS": "\(columns)"])
      result.expectSuccess()
      #expect(result.lines.allSatisfy { $0.displayWidth <= columns }, "\(result)")
      #expect(result.lines.contains { $0.displayWidth > columns - 5 && $0.contains("…") }, "\(result)")
      #expect(result.standardOutput.contains(columns == 80 ? "  Coast road 🚗 along…  " : "  Coast road 🚗 along the 海岸…   car"), "\(result)")
      #expect(result.lines.first?.hasSuffix("END") == (columns == 100), "\(result)")
    }
    let piped = try await sandbox.run("list", "--format", "table")
    #expect(piped.standardOutput.contains(long.trimmingCharacters(in: .whitespaces)))
    #expect(!piped.standardOutput.contains("…"))
  }

  /// A wider terminal never shows less of a name: the name gets 20 columns before the end, the
  /// duration and the type are shown, and more only once they all are.
  @Test func aWiderTerminalNeverShowsLessOfTheName() async throws {
    let sandbox = try CLISandbox()
    let long = "Coast road along the sea and on " + String(repeating: "and on ", count: 20)
    try sandbox.seed([Journey(name: long, transportationType: .car, startDate: SampleJourneys.morning, duration: 600)])
    try sandbox.seedSamples()
    var shown: [(columns: Int, name: Int, header: String)] = []
    for columns in stride(from: 40, through: 160, by: 5) {
      let result = try await sandbox.runInTerminal(["list"], environment: ["NO_COLOR": "1", "COLUMNS": "\(columns)"])
      #expect(result.exitCode == 0 && result.lines.allSatisfy { $0.displayWidth <= columns }, "\(result)")
      let row = try #require(result.lines.dropFirst().first { !$0.hasPrefix("aaaa") && !$0.hasPrefix("bbbb") }, "\(result)")
      let name = row.dropFirst(10).prefix { $0 != "…" }
      shown.append((columns, name.count, try #require(result.lines.first)))
    }
    for (narrower, wider) in zip(shown, shown.dropFirst()) {
      #expect(narrower.name <= wider.name, "\(narrower) then \(wider)")
    }
    for entry in shown where entry.header.contains("TYPE") {
      #expect(entry.name >= 19, "\(entry)")
    }
    #expect(shown.contains { $0.header.hasSuffix("END") } && shown.contains { !$0.header.contains("TYPE") })
  }

  /// Below about 75 columns even a short name left the lines too wide: the table leaves out the
  /// end, then the duration, then the type, and every line fits down to 40 columns.
  @Test(arguments: [40, 50, 60, 70])
  func aNarrowTerminalLeavesColumnsOut(_ columns: Int) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["list"], environment: ["NO_COLOR": "1", "COLUMNS": "\(columns)"])
    result.expectSuccess()
    #expect(result.lines.count == 4, "\(result)")
    #expect(result.lines.allSatisfy { $0.displayWidth <= columns }, "\(result)")
    let header = try #require(result.lines.first)
    #expect(header.hasPrefix("ID        NAME"), "\(header)")
    #expect(header.contains("START"), "\(header)")
    #expect(!header.contains("END"), "\(header)")
    #expect(result.lines.dropFirst().allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true)[1].count >= 4 }, "\(result)")
  }

  /// A long table is sized from its first rows and printed as it goes: every line fits, and a
  /// name longer than those of the first rows is cut to their width.
  @Test func aLongTableIsStreamedWithTheWidthsOfItsFirstRows() async throws {
    let sandbox = try CLISandbox()
    var journeys = (0..<150).map {
      Journey(name: "trip \($0)", transportationType: .bike, startDate: SampleJourneys.morning.addingTimeInterval(Double($0) * 60), duration: 60)
    }
    journeys.append(Journey(name: "a much longer name than any before", transportationType: .bike,
      startDate: SampleJourneys.morning.addingTimeInterval(1_000_000), duration: 60))
    try sandbox.seed(journeys)
    let result = try await sandbox.runInTerminal(["list"], environment: ["NO_COLOR": "1", "COLUMNS": "200"])
    #expect(result.lines.count == 152)
    let widths = Set(result.lines.dropFirst().map(\.displayWidth))
    #expect(widths.count == 1, "\(widths)")
    #expect(result.lines.last?.contains("a much…") == true, "\(result.lines.last ?? "")")
  }

  /// On a terminal a table goes through `$PAGER`; piped, it never does.
  @Test func aTableOnATerminalGoesThroughThePager() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let paged = try await sandbox.runInTerminal(["list"], environment: ["PAGER": "sed 's/^/PAGED /'", "NO_COLOR": "1"])
    paged.expectSuccess()
    #expect(paged.lines.count == 4 && paged.lines.allSatisfy { $0.hasPrefix("PAGED ") }, "\(paged)")
    let history = try await sandbox.runInTerminal(["history"], environment: ["PAGER": "sed 's/^/PAGED /'"])
    #expect(history.lines.allSatisfy { $0.hasPrefix("PAGED ") }, "\(history)")
    let piped = try await sandbox.run(["list", "--format", "table"], environment: ["PAGER": "sed 's/^/PAGED /'"])
    #expect(!piped.standardOutput.contains("PAGED"))
    let off = try await sandbox.runInTerminal(["list"], environment: ["PAGER": "", "NO_COLOR": "1"])
    #expect(off.lines.first?.hasPrefix("ID ") == true, "\(off)")
  }

  /// A pager that quits early (a person pressing q) ends the listing quietly, with exit code 0.
  @Test func aPagerThatQuitsEarlyEndsTheListingQuietly() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seed((0..<3000).map { Journey(name: "trip \($0)", startDate: SampleJourneys.morning.addingTimeInterval(Double($0))) })
    let result = try await sandbox.runInTerminal(["list"], environment: ["PAGER": "head -n 2", "NO_COLOR": "1"])
    result.expectSuccess()
    #expect(result.lines.count == 2, "\(result)")
  }

  /// The default pager, `less -FRX`, prints a short table as it is.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func lessPrintsAShortTableAsItIs() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.runInTerminal(["list"], environment: ["PAGER": nil, "NO_COLOR": "1", "TERM": "xterm"])
    result.expectSuccess()
    #expect(result.standardOutput.contains("aaaa1111  Coast road"), "\(result)")
  }
}
