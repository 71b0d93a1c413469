import Foundation
import Testing
@testable import JourneyStore

/// Sorting by several keys (`JourneyQuery.sortKeys`), names in their order: the same for a fetch
/// (SQL) and for a live list placing an unsaved edit (Swift).
@Suite("Sorting by several keys")
struct SortKeyTests {
  static func date(_ day: Int) -> Date {
    Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400)
  }

  static func seeded(in folder: TemporaryFolder) throws -> JourneyDatabase {
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let journeys = [
      ("Zebra", TransportationType.bike, 1), ("abc", .car, 2), ("émile", .bike, 3), ("Emile", .car, 4),
      ("emile", .bike, 5), ("Abc", .bike, 6), ("abc", .bike, 7),
    ]
    for (name, type, day) in journeys {
      try database.add(Journey(name: name, transportationType: type, startDate: date(day)))
    }
    return database
  }

  @Test func aQueryWithSeveralKeysSortsByEachInTurn() throws {
    let folder = try TemporaryFolder()
    let database = try Self.seeded(in: folder)
    var query = JourneyQuery()
    query.sortKeys = [.init(.name), .init(.startDate, isDescending: true)]
    let sorted = try database.journeys(query).map { "\($0.name) \(Int($0.startDate.timeIntervalSince(Self.date(0)) / 86_400))" }
    #expect(sorted == ["Abc 6", "abc 7", "abc 2", "Emile 4", "emile 5", "émile 3", "Zebra 1"])

    query.sortKeys = [.init(.transportationType), .init(.name, isDescending: true)]
    query.isReversed = true
    #expect(try database.journeys(query).map(\.name) == ["abc", "Emile", "Abc", "abc", "emile", "émile", "Zebra"])
  }

  @Test func theSingleKeyFormStillWorks() throws {
    let folder = try TemporaryFolder()
    let database = try Self.seeded(in: folder)
    var query = JourneyQuery()
    query.sortField = .name
    query.isReversed = true
    #expect(query.sortKeys == [.init(.name)])
    #expect(query.sortField == .name)
    #expect(try database.journeys(query).map(\.name) == ["Zebra", "émile", "emile", "Emile", "abc", "abc", "Abc"])
    var unsorted = query
    unsorted.sortField = nil
    #expect(unsorted.sortKeys.isEmpty)
  }

  /// A live list places a journey with an unsaved edit by the same order as the file's SQL: an
  /// edit of `Zebra` to `ábc` places it among the `abc`s.
  @Test func aLiveListPlacesAnEditByTheSameOrder() throws {
    let folder = try TemporaryFolder()
    let database = try Self.seeded(in: folder)
    var query = JourneyQuery()
    query.sortKeys = [.init(.name), .init(.startDate)]
    let list = database.liveJourneys(query)
    let zebra = try #require(list.journeys.last)
    #expect(zebra.name == "Zebra")
    zebra.name = "ábc"
    // Names of other bytes are never equal: the start date orders only the two `abc`s.
    #expect(list.journeys.map(\.name) == ["Abc", "abc", "abc", "ábc", "Emile", "emile", "émile"])
    #expect(list.journeys[1].startDate < list.journeys[2].startDate)
    try database.save()
    #expect(try database.journeys(query).map(\.name) == list.journeys.map(\.name))
  }

  @Test(arguments: [
    ("name", [JourneyQuery.SortKey(.name)]), ("-start", [.init(.startDate, isDescending: true)]),
    ("name,-start", [.init(.name), .init(.startDate, isDescending: true)]),
    ("type, duration", [.init(.transportationType), .init(.duration)]),
  ])
  func keysAreReadAsListTakesThem(_ text: String, _ keys: [JourneyQuery.SortKey]) throws {
    #expect(try JourneyQuery.SortKey.parsingList(text) == keys)
    #expect(try JourneyQuery.SortKey.parsingList(keys.map(\.text).joined(separator: ",")) == keys)
  }

  @Test func anUnknownKeyIsRefusedWithASuggestion() {
    #expect(throws: JourneyInputError.self) { try JourneyQuery.SortKey.parsingList("name,-strat") }
    #expect(throws: JourneyInputError.self) { try JourneyQuery.SortKey.parsingList("name,") }
  }
}
