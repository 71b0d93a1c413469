import Foundation
import Testing
@testable import JourneyStore

/// The reading API goes on past a row roadtrip cannot read when its caller asks it to
/// (`onUnreadable`), and fails on it by default, as before.
@Suite("Reading past an unreadable row")
struct UnreadableRowTests {
  /// Three journeys, one a day, the second of them (`Day 1`) damaged by `sql` (`?1` is its id)
  /// through a connection of the test's own; the database is opened again, managing nothing.
  private func database(
    damagedBy sql: String, in folder: TemporaryFolder, middleID: UUID = UUID()
  ) throws -> (JourneyDatabase, UUID) {
    let journeys = (0..<3).map { day in
      Journey(
        id: day == 1 ? middleID : UUID(), name: "Day \(day)", transportationType: .bike,
        startDate: Fixtures.morning.addingTimeInterval(Double(day) * 86_400))
    }
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: journeys)
    try Fixtures.connection(to: database).execute(
      "PRAGMA ignore_check_constraints = ON; " + sql.replacingOccurrences(of: "?1", with: "'\(journeys[1].id.lowercasedText)'"))
    return (try Fixtures.database(in: folder), journeys[1].id)
  }

  private static let rocket = "UPDATE journey SET transportation_type = 'rocket' WHERE id = ?1"

  @Test func journeysFailsByDefaultAndLeavesTheRowOutWhenAsked() throws {
    let folder = try TemporaryFolder()
    let (database, id) = try database(damagedBy: Self.rocket, in: folder)
    let thrown = #expect(throws: JourneyDatabaseError.self) { try database.journeys() }
    #expect(thrown == .unreadableValue(id: id.lowercasedText, field: "transportationType", value: "'rocket'"))
    var unreadable: [JourneyDatabaseError] = []
    let journeys = try database.journeys(onUnreadable: { unreadable.append($0) })
    #expect(journeys.map(\.name) == ["Day 0", "Day 2"])
    #expect(unreadable == [thrown])
    // What the handler throws ends the fetch.
    struct Stop: Error {}
    #expect(throws: Stop.self) { try database.journeys(onUnreadable: { _ in throw Stop() }) }
  }

  @Test func forEachJourneyGoesOnPastTheRowWhenAsked() throws {
    let folder = try TemporaryFolder()
    let (database, id) = try database(damagedBy: "UPDATE journey SET id = upper(id) WHERE id = ?1", in: folder)
    var names: [String] = []
    #expect(throws: JourneyDatabaseError.foreignID(id.uuidString.uppercased())) {
      try database.forEachJourney { names.append($0.name) }
    }
    #expect(names == ["Day 0"])
    names = []
    var unreadable: [JourneyDatabaseError] = []
    try database.forEachJourney(onUnreadable: { unreadable.append($0) }) { names.append($0.name) }
    #expect(names == ["Day 0", "Day 2"])
    #expect(unreadable == [.foreignID(id.uuidString.uppercased())])
    // Resolving it names it rather than calling it missing.
    #expect(throws: JourneyDatabaseError.foreignID(id.uuidString.uppercased())) {
      try database.resolveID(String(id.lowercasedText.prefix(8)))
    }
  }

  /// A prefix of digits alone is the same in capitals: another program's id in capitals that it
  /// starts is named as such, not resolved as one of roadtrip's.
  @Test func aForeignIDWhosePrefixHasNoLetterIsNamedAsForeign() throws {
    let folder = try TemporaryFolder()
    let id = try #require(UUID(uuidString: "12345678-9abc-4def-8123-456789abcdef"))
    let (database, _) = try database(
      damagedBy: "UPDATE journey SET id = upper(id) WHERE id = ?1", in: folder, middleID: id)
    #expect(throws: JourneyDatabaseError.foreignID(id.uuidString.uppercased())) {
      try database.resolveID("12345678")
    }
  }

  /// A row left out is never begun: the JSON array and the CSV header stay whole.
  @Test(arguments: [InterchangeFormat.json, .csv])
  func writeLeavesTheRowOutOfAWholeDocument(_ format: InterchangeFormat) throws {
    let folder = try TemporaryFolder()
    let (database, _) = try database(damagedBy: Self.rocket, in: folder)
    var text = ""
    var writer = JourneyWriter(format: format) { text += $0 }
    #expect(throws: JourneyDatabaseError.self) { try database.write(to: &writer) }
    text = ""
    writer = JourneyWriter(format: format) { text += $0 }
    var count = 0
    try database.write(to: &writer, onUnreadable: { _ in count += 1 })
    try writer.finish()
    #expect(count == 1 && writer.journeyCount == 2)
    let reader = JourneyReader(text: text, format: format)
    var names: [DatabaseValue] = []
    while let journey = try reader.next() { names.append(journey.values[.name]) }
    #expect(names == [.text("Day 0"), .text("Day 2")], "\(text)")
  }
}
