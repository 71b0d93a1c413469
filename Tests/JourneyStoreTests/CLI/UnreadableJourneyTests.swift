import Foundation
import Testing
@testable import JourneyStore

/// One journey another program stored in a form roadtrip cannot read never locks the others out
/// (issue 22): every read prints the journeys it can, exactly as it prints them without that one,
/// names it on standard error with its repair, and exits 65 at the end, as `ls` does with an
/// entry it cannot read; the file is left as it was.
@Suite("One unreadable journey never locks the others out")
struct UnreadableJourneyTests {
  /// What the sqlite3 shell did to the coast road journey (`SampleJourneys.coastID`).
  enum Damage: String, CaseIterable {
    /// A transportation type roadtrip does not know, past the CHECK constraint.
    case rocket
    /// Its id in capitals, past the CHECK constraint.
    case idInCapitals

    var sql: String {
      switch self {
      case .rocket:
        "PRAGMA ignore_check_constraints = ON; "
          + "UPDATE journey SET transportation_type = 'rocket' WHERE id = '\(SampleJourneys.coastID)';"
      case .idInCapitals:
        "PRAGMA ignore_check_constraints = ON; UPDATE journey SET id = upper(id) WHERE id = '\(SampleJourneys.coastID)';"
      }
    }

    /// What names the journey on standard error, and what repairs it.
    var naming: (journey: String, repair: String) {
      switch self {
      case .rocket:
        ("journey \(SampleJourneys.coastID) holds a transportationType roadtrip cannot read ('rocket'",
          "'roadtrip set aaaa1111 transportationType=…' repairs it")
      case .idInCapitals:
        ("journey '\(SampleJourneys.coastID.uppercased())' has an id roadtrip does not write",
          "UPDATE journey SET id = lower(id) WHERE id <> lower(id)")
      }
    }
  }

  /// The read commands, each in the formats that take another path through the code.
  static let reads: [[String]] = [
    ["list"], ["list", "--format", "json"], ["list", "--format", "ndjson"], ["list", "--format", "csv"],
    ["list", "--format", "table"], ["list", "--format", "ids"], ["list", "--since", "2026-11-21"],
    ["export"], ["export", "--format", "json"], ["export", "--format", "csv"], ["export", "--format", "tsv"],
    ["summary"], ["summary", "--format", "json"], ["summary", "--format", "table"],
  ]

  /// The sample journeys, the coast road damaged by the sqlite3 shell (an outside program).
  private static func damagedSandbox(_ damage: Damage) async throws -> CLISandbox {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let shell = try await sandbox.sqlite3(damage.sql)
    shell.expectSuccess()
    return sandbox
  }

  /// The same database without the coast road: what every read must print.
  private static func referenceSandbox() throws -> CLISandbox {
    let sandbox = try CLISandbox()
    try sandbox.seed(SampleJourneys.all.filter { $0.id.lowercasedText != SampleJourneys.coastID })
    return sandbox
  }

  /// The journey table as the sqlite3 shell prints it, and the database file's bytes.
  private static func state(of sandbox: CLISandbox) async throws -> (String, Data?) {
    let rows = try await sandbox.sqlite3("SELECT * FROM journey ORDER BY rowid")
    rows.expectSuccess()
    return (rows.standardOutput, sandbox.bytes(of: sandbox.databasePath))
  }

  /// Checks that standard error names the damaged journey once, with its repair, and ends with
  /// why the command failed (`ending`).
  private static func expectNamed(_ damage: Damage, in result: CommandResult, ending: String, _ context: String) {
    let errors = result.standardError.split(separator: "\n").map(String.init)
    #expect(errors.count == 2, "\(context): \(result)")
    #expect(errors.first?.hasPrefix("roadtrip: error: " + damage.naming.journey) == true, "\(context): \(result)")
    #expect(errors.first?.contains(damage.naming.repair) == true, "\(context): \(result)")
    #expect(errors.last?.hasPrefix("roadtrip: error: " + ending) == true, "\(context): \(result)")
  }

  @Test(arguments: Damage.allCases)
  func everyReadPrintsTheOthersNamesTheJourneyAndExits65(_ damage: Damage) async throws {
    let sandbox = try await Self.damagedSandbox(damage)
    let reference = try Self.referenceSandbox()
    let before = try await Self.state(of: sandbox)
    for arguments in Self.reads {
      let result = try await sandbox.run(arguments)
      let expected = try await reference.run(arguments)
      #expect(expected.exitCode == 0 && !expected.standardOutput.isEmpty, "\(arguments): \(expected)")
      result.expectExit(65, "\(arguments)")
      #expect(result.standardOutput == expected.standardOutput, "\(arguments): \(result)")
      let ending = arguments[0] == "export"
        ? "the export to standard output is incomplete" : "1 journey roadtrip cannot read was left out"
      Self.expectNamed(damage, in: result, ending: ending, "\(arguments)")
    }
    #expect(try await Self.state(of: sandbox) == before)
  }

  /// `show` of another journey works as ever; `show` of the damaged one names it, with 65.
  @Test(arguments: Damage.allCases)
  func showOfAnotherJourneyWorksAndOfTheDamagedOneNamesIt(_ damage: Damage) async throws {
    let sandbox = try await Self.damagedSandbox(damage)
    let reference = try Self.referenceSandbox()
    let before = try await Self.state(of: sandbox)
    for arguments in [["show", "bbbb"], ["show", SampleJourneys.runID, "--json"], ["show", "bbbb", "--format", "csv"]] {
      let result = try await sandbox.run(arguments)
      let expected = try await reference.run(arguments)
      #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(arguments): \(result)")
      #expect(result.standardOutput == expected.standardOutput, "\(arguments): \(result)")
    }
    for prefix in ["aaaa1", SampleJourneys.coastID] {
      let shown = try await sandbox.run("show", prefix)
      shown.expectExit(65, "\(prefix)")
      #expect(shown.standardOutput.isEmpty, "\(prefix): \(shown)")
      #expect(shown.standardError.hasPrefix("roadtrip: error: " + damage.naming.journey), "\(prefix): \(shown)")
      #expect(shown.standardError.contains(damage.naming.repair), "\(prefix): \(shown)")
    }
    #expect(try await Self.state(of: sandbox) == before)
  }

  /// `export --output FILE` still writes the journeys that can be read (what the user can
  /// rescue), whole, and exits 65 saying that the file is incomplete.
  @Test(arguments: Damage.allCases)
  func anExportToAFileWritesTheOthersAndSaysItIsIncomplete(_ damage: Damage) async throws {
    let sandbox = try await Self.damagedSandbox(damage)
    let reference = try Self.referenceSandbox()
    let before = try await Self.state(of: sandbox)
    for name in ["out.csv", "out.json", "out.ndjson"] {
      let path = sandbox.folder.file(name), expectedPath = reference.folder.file(name)
      try await reference.run("export", "-o", expectedPath).expectSuccess()
      let result = try await sandbox.run("export", "-o", path)
      result.expectExit(65, "\(name)")
      #expect(result.standardOutput.isEmpty, "\(name): \(result)")
      #expect(sandbox.bytes(of: path) == reference.bytes(of: expectedPath), "\(name)")
      Self.expectNamed(damage, in: result, ending: "the export to \(path) is incomplete", name)
    }
    #expect(try await Self.state(of: sandbox) == before)
  }

  /// On a terminal, the table lists the others, and the journey left out is named after it too.
  @Test func theTableOnATerminalListsTheOthers() async throws {
    let sandbox = try await Self.damagedSandbox(.rocket)
    let result = try await sandbox.runInTerminal(["list"], environment: ["NO_COLOR": "1"])
    result.expectExit(65)
    let rows = result.lines.filter { !$0.hasPrefix("roadtrip: ") }
    #expect(rows.count == 3 && rows[0].hasPrefix("ID ") && rows[1].hasPrefix("aaaa2222 ") && rows[2].hasPrefix("bbbb3333 "), "\(result)")
    #expect(result.standardOutput.contains(Damage.rocket.naming.journey), "\(result)")
    #expect(result.standardOutput.contains("1 journey roadtrip cannot read was left out"), "\(result)")
  }

  /// Each journey left out is named on its own line, and counted.
  @Test func everyJourneyLeftOutIsNamedOnce() async throws {
    let sandbox = try await Self.damagedSandbox(.rocket)
    let shell = try await sandbox.sqlite3(
      "PRAGMA ignore_check_constraints = ON; UPDATE journey SET id = upper(id) WHERE id = '\(SampleJourneys.ferryID)';")
    shell.expectSuccess()
    for arguments in [["list"], ["export", "--format", "json"], ["summary"]] {
      let result = try await sandbox.run(arguments)
      result.expectExit(65, "\(arguments)")
      #expect(result.lines.count == (arguments[0] == "export" ? 3 : arguments[0] == "list" ? 1 : 3), "\(arguments): \(result)")
      let errors = result.standardError.split(separator: "\n")
      #expect(errors.count == 3, "\(arguments): \(result)")
      #expect(errors.filter { $0.contains(SampleJourneys.coastID) }.count == 1, "\(arguments): \(result)")
      #expect(errors.filter { $0.contains(SampleJourneys.ferryID.uppercased()) }.count == 1, "\(arguments): \(result)")
      #expect(errors.last?.contains("2 journeys roadtrip cannot read were left out") == true, "\(arguments): \(result)")
    }
  }

  /// Writes refuse as before, and a repair makes every read succeed again.
  @Test func writesStillRefuseAndTheRepairEndsIt() async throws {
    let sandbox = try await Self.damagedSandbox(.rocket)
    let before = try await Self.state(of: sandbox)
    let next = try await sandbox.run("transport", "aaaa1", "--next")
    next.expectExit(65)
    #expect(try await Self.state(of: sandbox) == before)
    try await sandbox.run("transport", "aaaa1", "bike").expectSuccess()
    for arguments in Self.reads {
      let result = try await sandbox.run(arguments)
      #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(arguments): \(result)")
    }
  }
}
