import Foundation
import Testing
@testable import JourneyStore

/// A window deep in an order by start date is read by seeking the index on start dates
/// (`JourneyTable.seeking(_:)`): the same rows, in the same order, as SQLite's own `OFFSET`.
@Suite("Windows deep in the order")
struct DeepOffsetTests {
  /// 3,000 journeys in groups of up to four at one instant (ties broken by id), of two types.
  static func seeded(in folder: TemporaryFolder) throws -> JourneyDatabase {
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    var generator = SeededGenerator(seed: 3_000)
    var start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    var journeys: [Journey] = []
    while journeys.count < 3_000 {
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        journeys.append(Journey(
          name: "Journey \(journeys.count)", transportationType: Bool.random(using: &generator) ? .bike : .car,
          startDate: start, duration: 60))
      }
      start += 60
    }
    try database.add(contentsOf: journeys)
    return database
  }

  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func aDeepWindowHoldsTheRowsOfAPlainOffset(isDescending: Bool, isReversed: Bool) throws {
    let folder = try TemporaryFolder()
    let database = try Self.seeded(in: folder)
    for types in [[], [TransportationType.bike]] as [[TransportationType]] {
      var query = JourneyQuery(transportationTypes: Set(types))
      query.sortKeys = [.init(.startDate, isDescending: isDescending)]
      query.isReversed = isReversed
      let all = try database.journeys(query).map(\.id)
      for offset in [999, 1_000, 1_001, 1_234, 1_500, 2_222, all.count - 3, all.count, all.count + 5] {
        var window = query
        window.offset = offset
        window.limit = 7
        let expected = Array(all.dropFirst(offset).prefix(7))
        #expect(try database.journeys(window).map(\.id) == expected, "offset \(offset), types \(types)")
        var ids: [UUID] = []
        try database.forEachJourney(window) { ids.append($0.id) }
        #expect(ids == expected, "offset \(offset), types \(types), streamed")
        // Counted first, as a deep window of a large list is, and stepped from the nearer end.
        let counted = try JourneyTable(connection: database.connection).seeking(window, countingFrom: 0)
        #expect(counted.offset < JourneyTable.seekingOffset, "offset \(offset), types \(types), counted")
        #expect(try database.journeys(counted).map(\.id) == expected, "offset \(offset), types \(types), counted")
      }
    }
  }
}
