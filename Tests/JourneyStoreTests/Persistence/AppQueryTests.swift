import Foundation
import JourneyStore
import Testing

/// The queries an app needs (issue 38, item 5): the journeys under way during a range, bounds on
/// duration, either-or conditions, and a direction for each sort key. Written against the public
/// API only, as a client package uses it.
@Suite("Queries an app needs")
struct AppQueryTests {
  static let hour: TimeInterval = 3_600
  static let day: TimeInterval = 86_400
  /// The day the queries look at: 2026-05-08T00:00:00Z.
  static let dayStart = Date(timeIntervalSinceReferenceDate: 800_000_000)
  static let wholeDay = dayStart..<dayStart + day

  /// Journeys around the day, each named for where it lies; their starts all differ.
  static func journeys() -> [Journey] {
    func journey(_ name: String, _ type: TransportationType, _ start: TimeInterval, _ duration: TimeInterval) -> Journey {
      Journey(name: name, transportationType: type, startDate: dayStart + start, duration: duration)
    }
    return [
      journey("Year-long voyage", .bus, -300 * day, 400 * day),
      journey("Three-day trek", .walkOrRun, -day, 3 * day),
      journey("Ends as the day starts", .car, -2 * hour, 2 * hour),
      journey("Ends a second in", .bike, -hour, hour + 1),
      journey("Instant at the start", .scooter, 0, 0),
      journey("Lake ride", .bike, 2 * hour, hour),
      journey("Evening drive", .car, 20 * hour, 5 * hour),
      journey("Starts as the day ends", .bus, day, hour),
      journey("Next week", .car, 7 * day, 2 * hour),
    ]
  }

  static func database(in folder: TemporaryFolder) throws -> JourneyDatabase {
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try database.add(contentsOf: journeys())
    return database
  }

  static func names(_ query: JourneyQuery, in database: JourneyDatabase) throws -> [String] {
    try database.journeys(query).map(\.name)
  }

  @Test func overlappingFindsEveryJourneyUnderWayDuringTheRangeWheneverItBegan() throws {
    let folder = try TemporaryFolder()
    let database = try Self.database(in: folder)
    let query = JourneyQuery(overlapping: Self.wholeDay)
    let expected = [
      "Year-long voyage", "Three-day trek", "Ends a second in", "Instant at the start", "Lake ride", "Evening drive",
    ]
    #expect(try Self.names(query, in: database) == expected)
    #expect(try database.count(query) == expected.count)
    // The same test in memory, for every journey.
    for journey in try database.journeys() {
      #expect(query.matches(journey) == expected.contains(journey.name), "\(journey.name)")
    }
    // An hour-long range in the middle of the trek, and an empty range.
    let noon = Self.dayStart + 12 * Self.hour
    #expect(try Self.names(JourneyQuery(overlapping: noon..<noon + Self.hour), in: database) == ["Year-long voyage", "Three-day trek"])
    #expect(try Self.names(JourneyQuery(overlapping: noon..<noon), in: database) == [])
  }

  @Test func anUnsavedEditCountsInTheOverlap() throws {
    let folder = try TemporaryFolder()
    let database = try Self.database(in: folder)
    let query = JourneyQuery(overlapping: Self.wholeDay)
    let list = database.liveJourneys(query)
    let nextWeek = try #require(try database.journeys().first { $0.name == "Next week" })
    #expect(!list.journeys.contains { $0 === nextWeek })
    // Moved to start a week earlier: it began before the day and lasts into it.
    nextWeek.startDate = Self.dayStart - Self.hour
    #expect(try Self.names(query, in: database).contains("Next week"))
    #expect(list.journeys.contains { $0 === nextWeek })
    nextWeek.duration = Self.hour
    #expect(!list.journeys.contains { $0 === nextWeek }, "it ends as the day starts")
  }

  @Test func durationBoundsKeepTheirEnds() throws {
    let folder = try TemporaryFolder()
    let database = try Self.database(in: folder)
    #expect(try Self.names(JourneyQuery(lastingAtLeast: 2 * Self.hour, lastingAtMost: 5 * Self.hour), in: database)
      == ["Ends as the day starts", "Evening drive", "Next week"])
    #expect(try Self.names(JourneyQuery(lastingAtMost: 0), in: database) == ["Instant at the start"])
    #expect(try Self.names(JourneyQuery(lastingAtLeast: 3 * Self.day), in: database) == ["Year-long voyage", "Three-day trek"])
    var query = JourneyQuery(overlapping: Self.wholeDay)
    query.lastingAtMost = Self.hour
    #expect(try Self.names(query, in: database) == ["Instant at the start", "Lake ride"])
    #expect(try database.count(query) == 2)
  }

  @Test func anyOfKeepsJourneysThatPassOneOfItsFilters() throws {
    let folder = try TemporaryFolder()
    let database = try Self.database(in: folder)
    // Under way during the day, and either by bike or at least five hours long.
    var query = JourneyQuery(overlapping: Self.wholeDay)
    query.anyOf = [.init(transportationTypes: [.bike]), .init(lastingAtLeast: 5 * Self.hour)]
    let expected = ["Year-long voyage", "Three-day trek", "Ends a second in", "Lake ride", "Evening drive"]
    #expect(try Self.names(query, in: database) == expected)
    #expect(try database.count(query) == expected.count)
    for journey in try database.journeys() {
      #expect(query.matches(journey) == expected.contains(journey.name), "\(journey.name)")
    }

    // Either-or filters hold several conditions each, and nest.
    let carsOrLake = JourneyQuery(anyOf: [
      .init(transportationTypes: [.car], startingFrom: Self.dayStart),
      .init(nameContaining: "lake"),
      .init(anyOf: [.init(lastingAtMost: 0), .init(nameContaining: "voyage")]),
    ])
    #expect(try Self.names(carsOrLake, in: database)
      == ["Year-long voyage", "Instant at the start", "Lake ride", "Evening drive", "Next week"])
    // A filter that sets nothing keeps every journey; no filter at all adds no condition.
    #expect(try database.count(JourneyQuery(anyOf: [.init(nameContaining: "zzz"), .init()])) == 9)
    #expect(try database.count(JourneyQuery(anyOf: [.init(nameContaining: "zzz")])) == 0)

    // A window of a name search with an either-or: the same journeys as the whole list's start.
    var window = JourneyQuery(nameContaining: "e", anyOf: [.init(transportationTypes: [.car]), .init(lastingAtMost: Self.hour)])
    let all = try Self.names(window, in: database)
    #expect(all == ["Ends as the day starts", "Instant at the start", "Lake ride", "Evening drive", "Starts as the day ends", "Next week"])
    (window.limit, window.offset) = (2, 1)
    #expect(try Self.names(window, in: database) == Array(all[1...2]))
  }

  @Test func eachSortKeyHasItsOwnDirection() throws {
    let folder = try TemporaryFolder()
    let database = try Self.database(in: folder)
    // Types by their stored slugs (bike before car), each type's journeys the longest first.
    let query = JourneyQuery(
      transportationTypes: [.bike, .car], sortedBy: [.ascending(.transportationType), .descending(.duration)])
    #expect(try Self.names(query, in: database) == [
      "Ends a second in", "Lake ride", "Evening drive", "Ends as the day starts", "Next week",
    ])
    // The other way round, key by key: cars first, each type's journeys the shortest first.
    let other = JourneyQuery(
      transportationTypes: [.bike, .car], sortedBy: [.descending(.transportationType), .ascending(.duration)])
    #expect(try Self.names(other, in: database) == [
      "Ends as the day starts", "Next week", "Evening drive", "Lake ride", "Ends a second in",
    ])
    // The whole order backwards.
    var reversed = query
    reversed.isReversed = true
    #expect(try Self.names(reversed, in: database) == Self.names(query, in: database).reversed())
    #expect(try Self.names(JourneyQuery(sortedBy: [.descending(.startDate)], limit: 2), in: database)
      == ["Next week", "Starts as the day ends"])
    #expect(JourneyQuery.SortKey.descending(.name) == JourneyQuery.SortKey(.name, isDescending: true))
    #expect(JourneyQuery().sortKeys == [.ascending(.startDate)])
  }
}
