import Foundation
import Testing
import JourneyStore

/// `list --sort`: several keys (`name,-start`, or the option repeated), `-FIELD` from the largest
/// down, names case and accents aside; the single-key form as before.
@Suite("roadtrip list --sort")
struct ListSortCommandTests {
  static func sandbox() throws -> CLISandbox {
    let sandbox = try CLISandbox()
    let day = Date(timeIntervalSince1970: 1_790_000_000)
    try sandbox.seed([
      Journey(name: "Zebra", transportationType: .bike, startDate: day),
      Journey(name: "émile", transportationType: .car, startDate: day + 86_400),
      Journey(name: "abc", transportationType: .bike, startDate: day + 2 * 86_400),
      Journey(name: "abc", transportationType: .car, startDate: day + 3 * 86_400),
      Journey(name: "Emile", transportationType: .bike, startDate: day + 4 * 86_400),
      Journey(name: "emile", transportationType: .bus, startDate: day + 5 * 86_400),
    ])
    return sandbox
  }

  /// Each line's name and type.
  static func namesAndTypes(_ result: CommandResult) -> [String] {
    result.lines.map { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      return "\(columns[1]) \(columns[2])"
    }
  }

  @Test func namesSortCaseAndAccentsAside() async throws {
    let sandbox = try Self.sandbox()
    let result = try await sandbox.run("list", "--sort", "name")
    result.expectSuccess()
    #expect(Self.namesAndTypes(result) == ["abc bike", "abc car", "Emile bike", "emile bus", "émile car", "Zebra bike"])
  }

  @Test(arguments: [
    ["--sort", "name,-start"], ["--sort", "name", "--sort", "-start"], ["--sort=name", "--sort=-startDate"],
    ["--sort", "NAME, -start"],
  ])
  func severalKeysSortByEachInTurn(_ options: [String]) async throws {
    let sandbox = try Self.sandbox()
    let result = try await sandbox.run(["list"] + options)
    result.expectSuccess()
    #expect(Self.namesAndTypes(result) == ["abc car", "abc bike", "Emile bike", "emile bus", "émile car", "Zebra bike"])
  }

  @Test func aKeyFromTheLargestDownMayComeFirstAndReverseTurnsTheWholeOrder() async throws {
    let sandbox = try Self.sandbox()
    let byType = try await sandbox.run("list", "--sort", "-type", "--sort", "name")
    byType.expectSuccess()
    #expect(Self.namesAndTypes(byType) == ["abc car", "émile car", "emile bus", "abc bike", "Emile bike", "Zebra bike"])
    let reversed = try await sandbox.run("list", "--sort", "-type,name", "-r")
    #expect(Self.namesAndTypes(reversed) == Self.namesAndTypes(byType).reversed())
  }

  @Test func theSingleKeyFormAndTheDefaultWorkAsBefore() async throws {
    let sandbox = try Self.sandbox()
    let byStart = try await sandbox.run("list")
    #expect(Self.namesAndTypes(byStart) == ["Zebra bike", "émile car", "abc bike", "abc car", "Emile bike", "emile bus"])
    let reversed = try await sandbox.run("list", "--sort", "start", "--reverse")
    #expect(Self.namesAndTypes(reversed) == Self.namesAndTypes(byStart).reversed())
    let byDuration = try await sandbox.run("list", "--sort", "duration")
    byDuration.expectSuccess()
  }

  @Test(arguments: ["nam", "name,-strat", "name,", ""])
  func anUnknownKeyIsAUsageErrorThatNamesIt(_ keys: String) async throws {
    let sandbox = try Self.sandbox()
    let result = try await sandbox.run("list", "--sort", keys)
    result.expectExit(64)
    #expect(result.standardError.contains("roadtrip: error:"), "\(result)")
    #expect(result.standardError.contains("is not a journey field"), "\(result)")
    #expect(result.standardOutput == "")
  }
}
