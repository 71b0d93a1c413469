import Foundation
import Testing
import JourneyStore

@Suite("roadtrip types")
struct TypesCommandTests {
  @Test func pipedItPrintsTSVWithoutAHeader() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("types")
    result.expectSuccess()
    #expect(result.lines == [
      "walk-or-run\tWalk/Run\tfigure.walk", "skateboard\tSkateboard\tskateboard", "scooter\tScooter\tscooter",
      "bike\tBike\tbicycle", "car\tCar\tcar", "hired-car\tShared Ride\tcar.front.waves.up", "bus\tBus\tbus",
      "light-rail\tLight Rail\tlightrail",
    ])
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func jsonObjectsHaveSlugTitleAndIcon() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("types", "--json")
    result.expectSuccess()
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: String]])
    #expect(array.count == 8)
    #expect(array[5] == ["slug": "hired-car", "title": "Shared Ride", "icon": "car.front.waves.up"])
    #expect(result.standardOutput.hasPrefix(#"[\#n  {"slug":"walk-or-run","title":"Walk/Run","icon":"figure.walk"},"#))
  }

  @Test(arguments: [
    ("csv", "slug,title,icon\r\nwalk-or-run,Walk/Run,figure.walk\r\n"),
    ("ndjson", #"{"slug":"walk-or-run","title":"Walk/Run","icon":"figure.walk"}"# + "\n"),
    ("ids", "walk-or-run\nskateboard\n"),
    ("table", "SLUG         TITLE        ICON\nwalk-or-run  Walk/Run     figure.walk\n"),
  ])
  func printsInEveryFormat(_ format: String, expectedStart: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("types", "--format", format)
    result.expectSuccess()
    #expect(result.standardOutput.hasPrefix(expectedStart), "\(result)")
    #expect(result.standardOutput.contains("light-rail"))
  }

  @Test func onATerminalEachTypeHasASymbol() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.runInTerminal(["types"])
    result.expectSuccess()
    for symbol in ["🚶", "🛹", "🛴", "🚲", "🚗", "🚕", "🚌", "🚈"] {
      #expect(result.standardOutput.contains(symbol + " "))
    }
  }
}
