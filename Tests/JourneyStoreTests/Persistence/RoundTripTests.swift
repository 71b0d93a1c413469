import Foundation
import Testing
@testable import JourneyStore

@Suite("Values round-trip exactly")
struct RoundTripTests {
  @Test func datesAndDurationsKeepEveryBit() throws {
    let folder = try TemporaryFolder()
    var generator = SystemRandomNumberGenerator()
    let journeys = (0..<200).map { _ in
      Journey(
        startDate: Date(timeIntervalSinceReferenceDate: .random(in: -6e10...2.5e11, using: &generator)),
        duration: .random(in: 0...1e9, using: &generator))
    } + [
      Journey(startDate: Date(timeIntervalSinceReferenceDate: 0.1 + 0.2), duration: .leastNonzeroMagnitude),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: -63_145_526_400), duration: 0),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: 252_423_993_599.999), duration: 0),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: -63_145_526_400), duration: 315_569_519_999),
    ]
    try Fixtures.database(in: folder).add(contentsOf: journeys)
    let reopened = try Fixtures.database(in: folder)
    for journey in journeys {
      let read = try #require(try reopened.journey(id: journey.id))
      #expect(read.startDate.timeIntervalSinceReferenceDate.bitPattern == journey.startDate.timeIntervalSinceReferenceDate.bitPattern)
      #expect(read.duration.bitPattern == journey.duration.bitPattern)
    }
  }

  @Test(arguments: [
    "", "Coast road", "Ünïcödé 🚲 旅行", "nul\u{0}inside", "'); DROP TABLE journey; --",
    String(repeating: "long ", count: 200_000), "line\nbreaks\r\nand\ttabs",
  ])
  func namesAreStoredLiterally(name: String) throws {
    let folder = try TemporaryFolder()
    let journey = try Fixtures.database(in: folder).add(Journey(name: name))
    #expect(try Fixtures.row(journey.id, in: folder.file("journeys.sqlite"))?.first == .text(name))
    #expect(try Fixtures.database(in: folder).journey(id: journey.id)?.name == name)
  }

  @Test func theDatabaseRefusesWhatTheModelMustNeverHold() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let refused = [
      Journey(duration: -1), Journey(duration: .infinity), Journey(duration: .nan),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: 252_423_993_600)),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: -63_145_526_401)),
      Journey(startDate: Date(timeIntervalSinceReferenceDate: .nan)),
      // The end date, too, lies before the year 10000.
      Journey(startDate: Date(timeIntervalSinceReferenceDate: 252_423_993_599), duration: 1),
      Journey(duration: 1e300),
    ]
    for journey in refused {
      // Refused before any SQL runs, by the rules that say the table's CHECK constraints in Swift…
      #expect(throws: JourneyValidationError.self) { try database.add(journey) }
      // …which refuse the same values.
      let values = JourneyValues(readingUntracked: journey)
      let error = try #require(throws: SQLiteError.self) {
        try database.connection.run(
          "INSERT INTO journey (id, name, transportation_type, start_date, duration) VALUES (?, ?, ?, ?, ?)",
          [.text(journey.id.lowercasedText)] + JourneyField.all.map { values[$0] })
      }
      #expect(error.kind == .constraint)
    }
    #expect(try database.count() == 0)
    #expect(try Fixtures.batchCount(in: database.path) == 0)
  }

  @Test func theSchemaDateLimitsAreTheYears0000To9999() {
    #expect(Date(civil: CivilTime(year: 0, month: 1, day: 1)).timeIntervalSinceReferenceDate == -63_145_526_400)
    #expect(Date(civil: CivilTime(year: 10_000, month: 1, day: 1)).timeIntervalSinceReferenceDate == 252_423_993_600)
    #expect(Schema.migrations[0].contains("start_date >= -63145526400 AND start_date < 252423993600"))
  }

  @Test func everyFieldHasAColumnAndEveryTypeIsAccepted() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    var columns: [String] = []
    try database.connection.forEachRow("SELECT name FROM pragma_table_info('journey')") { columns.append($0.text(at: 0)) }
    #expect(columns == ["id"] + JourneyField.all.map(\.column))
    try database.add(contentsOf: TransportationType.allCases.map { Journey(transportationType: $0) })
    #expect(try database.count() == TransportationType.allCases.count)
    let error = try #require(throws: SQLiteError.self) {
      try database.connection.run("UPDATE journey SET transportation_type = 'hovercraft'")
    }
    #expect(error.kind == .constraint)
  }
}
