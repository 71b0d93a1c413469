import Foundation
import Testing
@testable import JourneyStore

@Suite("Fetching journeys")
struct FetchingTests {
  /// Ten journeys, one a day from `Fixtures.morning`, types in `allCases` order, durations 100…1000.
  private func tenJourneys(in database: JourneyDatabase) throws -> [Journey] {
    let journeys = (0..<10).map { (day: Int) -> Journey in
      let start: Date = Fixtures.morning.addingTimeInterval(Double(day) * 86_400)
      let duration: TimeInterval = Double(100 * (10 - day))
      return Journey(
        name: "Day \(day)", transportationType: TransportationType.allCases[day % 8], startDate: start,
        duration: duration)
    }
    try database.add(contentsOf: journeys)
    return journeys
  }

  @Test func fetchingTwiceGivesTheSameObject() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let added = try database.add(Journey(name: "One"))
    #expect(try database.journey(id: added.id) === added)
    let reopened = try Fixtures.database(in: folder)
    let first = try #require(try reopened.journey(id: added.id))
    #expect(try reopened.journey(id: added.id) === first)
    #expect(try reopened.journeys().first === first)
    #expect(try reopened.journey(id: UUID()) == nil)
  }

  @Test func filtersByTypeAndStartDate() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try tenJourneys(in: database)
    let bikesAndBuses = try database.journeys(JourneyQuery(transportationTypes: [.bike, .bus]))
    #expect(bikesAndBuses.map(\.name) == ["Day 3", "Day 6"])
    let middle = try database.journeys(JourneyQuery(
      startingFrom: Fixtures.morning.addingTimeInterval(2 * 86_400),
      startingBefore: Fixtures.morning.addingTimeInterval(5 * 86_400)))
    #expect(middle.map(\.name) == ["Day 2", "Day 3", "Day 4"])
    let both = JourneyQuery(transportationTypes: [.walkOrRun], startingFrom: Fixtures.morning.addingTimeInterval(1))
    #expect(try database.journeys(both).map(\.name) == ["Day 8"])
    #expect(try database.count(both) == 1)
    #expect(try database.count() == 10)
  }

  @Test(arguments: [
    (JourneyField.duration, false, ["Day 9", "Day 8", "Day 7"]),
    (JourneyField.duration, true, ["Day 0", "Day 1", "Day 2"]),
    (JourneyField.name, true, ["Day 9", "Day 8", "Day 7"]),
    (JourneyField.startDate, false, ["Day 0", "Day 1", "Day 2"]),
    (JourneyField.transportationType, false, ["Day 3", "Day 6", "Day 4"]),
  ])
  func sortsAndLimits(field: JourneyField, descending: Bool, expected: [String]) throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try tenJourneys(in: database)
    let query = JourneyQuery(sortedBy: [JourneyQuery.SortKey(field, isDescending: descending)], limit: 3)
    #expect(try database.journeys(query).map(\.name) == expected)
  }

  @Test func anOffsetSkipsTheStartOfTheOrderAndCountIgnoresIt() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try tenJourneys(in: database)
    #expect(try database.journeys(JourneyQuery(limit: 3, offset: 4)).map(\.name) == ["Day 4", "Day 5", "Day 6"])
    #expect(try database.journeys(JourneyQuery(offset: 8)).map(\.name) == ["Day 8", "Day 9"])
    #expect(try database.journeys(JourneyQuery(sortedBy: [.descending(.startDate)], limit: 2, offset: 1)).map(\.name) == ["Day 8", "Day 7"])
    #expect(try database.journeys(JourneyQuery(limit: 5, offset: 20)).isEmpty)
    #expect(try database.count(JourneyQuery(limit: 3, offset: 4)) == 10)
  }

  @Test func filtersAreAnsweredFromIndexes() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    for query in [
      JourneyQuery(transportationTypes: [.bike]),
      JourneyQuery(startingFrom: Fixtures.morning, startingBefore: Fixtures.morning.addingTimeInterval(86_400)),
    ] {
      let (clauses, values) = query.sqlClauses
      var plan: [String] = []
      try database.connection.forEachRow("EXPLAIN QUERY PLAN SELECT * FROM journey\(clauses)", values) { row in
        plan.append(row.text(at: 3))
      }
      #expect(plan.contains { $0.contains("USING INDEX journey_by") }, "plan: \(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN journey") && !$0.contains("INDEX") }, "plan: \(plan)")
      // Sorted by an index, not afterwards; only ties of equal start dates are put in id order
      // as they come ("RIGHT PART": a run of equal keys at a time, which keeps rows streaming).
      #expect(
        !plan.contains { $0.contains("TEMP B-TREE") && !$0.contains("RIGHT PART OF ORDER BY") },
        "sorted by an index, not afterwards: \(plan)")
    }
  }

  /// The journeys under way during a range are a range of an index on start dates, its lower
  /// end the range's start less the longest duration (read from the end of the index of the
  /// journeys that last more than a day): never a walk of every journey that started before the
  /// range ends. Either-or filters of indexed conditions are one range of an index each. (Bounds
  /// on duration have no index of their own, which every import would build.)
  @Test func overlapDurationAndEitherOrFiltersAreAnsweredFromIndexes() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.upgradeSchema()
    let (start, end) = (Fixtures.morning, Fixtures.morning.addingTimeInterval(86_400))
    let byStart = "SEARCH journey USING INDEX journey_by_start (start_date>? AND start_date<?)"
    let byType = "SEARCH journey USING INDEX journey_by_type (transportation_type=? AND start_date>? AND start_date<?)"
    let longest = "SEARCH journey USING COVERING INDEX journey_by_long_duration"
    let cases: [(JourneyQuery, [String])] = [
      (JourneyQuery(overlapping: start..<end), [byStart, longest]),
      (JourneyQuery(overlapping: start..<end, sortedBy: [.descending(.duration)], limit: 20), [byStart, longest]),
      (JourneyQuery(transportationTypes: [.bike], overlapping: start..<end), [byType, longest]),
      (JourneyQuery(anyOf: [
        .init(transportationTypes: [.bike], startingFrom: start, startingBefore: end),
        .init(startingFrom: end, startingBefore: end.addingTimeInterval(86_400)),
      ]), ["MULTI-INDEX OR", byType, byStart]),
    ]
    for (query, expected) in cases {
      let (clauses, values) = query.sqlClauses
      var plan: [String] = []
      try database.connection.forEachRow("EXPLAIN QUERY PLAN SELECT * FROM journey\(clauses)", values) { row in
        plan.append(row.text(at: 3))
      }
      for step in expected {
        #expect(plan.contains { $0.contains(step) }, "\(step) in \(plan)")
      }
      #expect(!plan.contains { $0.hasPrefix("SCAN") }, "no walk of a whole table or index: \(plan)")
    }
  }

  @Test func streamingHandsOutUnmanagedCopiesInOrder() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = try tenJourneys(in: database)
    var streamed: [Journey] = []
    try database.forEachJourney(JourneyQuery(sortedBy: [.descending(.startDate)])) { streamed.append($0) }
    #expect(streamed.map(\.id) == journeys.reversed().map(\.id))
    #expect(!streamed.contains { streamed in journeys.contains { $0 === streamed } })
    streamed[0].name = "Not saved: unmanaged"
    #expect(!database.hasChanges)
  }

  @Test func findsJourneysByUniqueIDPrefix() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let ids = ["abcd1234-0000-4000-8000-000000000001", "abcd5678-0000-4000-8000-000000000002",
               "0123ffff-0000-4000-8000-000000000003"].map { UUID(uuidString: $0)! }
    try database.add(contentsOf: ids.map { Journey(id: $0) })

    #expect(try database.resolveID("0123") == ids[2])
    #expect(try database.resolveID("ABCD5") == ids[1])
    #expect(try database.resolveID("abcd1234-0000-4") == ids[0])
    #expect(try database.journey(matching: ids[0].uuidString).id == ids[0])
    #expect(throws: JourneyDatabaseError.ambiguousID("abcd", candidates: [ids[0], ids[1]], names: ["", ""])) {
      try database.resolveID("abcd")
    }
    #expect(throws: JourneyDatabaseError.journeyNotFound("ffff")) { try database.resolveID("ffff") }
    for invalid in ["abc", "", "abcd12345", "ghij", "abcd'--", "abcd1234-0000-4000-8000-0000000000011"] {
      #expect(throws: JourneyDatabaseError.invalidID(invalid)) { try database.resolveID(invalid) }
    }
  }
}
