import Foundation
import Observation
import Synchronization
import Testing

@testable import JourneyStore

/// What a user types for each field, and the canonical text it reads back as.
private let assignments: [(String, String, String)] = [
  ("name", "Coast road", "Coast road"),
  ("name", "", ""),
  ("name", "  spaced  ", "  spaced  "),
  ("transportationType", "Shared Ride", "hired-car"),
  ("transportationType", "lightRail", "light-rail"),
  ("transportationType", "bike", "bike"),
  ("startDate", "2026-11-21T08:00:00Z", "2026-11-21T08:00:00Z"),
  ("startDate", "2026-11-21T08:00:00.250+02:00", "2026-11-21T06:00:00.25Z"),
  ("duration", "1h30m", "5400"),
  ("duration", "90", "90"),
  ("duration", "0:00:30.5", "30.5"),
]

/// Invalid text for each field, with the error it gives.
private let invalidAssignments: [(String, String, JourneyInputError)] = [
  ("transportationType", "plane", .invalidTransportationType("plane", suggestion: nil)),
  ("transportationType", "bsu", .invalidTransportationType("bsu", suggestion: .bus)),
  ("startDate", "2026-02-30", .invalidDate("2026-02-30")),
  ("startDate", "someday", .invalidDate("someday")),
  ("duration", "-5", .negativeDuration("-5")),
  ("duration", "abc", .invalidDuration("abc")),
]

private func makeJourney() -> Journey {
  Journey(
    name: "Coast", transportationType: .car, startDate: Date(timeIntervalSinceReferenceDate: 816_940_800),
    duration: 3600)
}

@Suite struct JourneyFieldTests {
  /// Each field reads and writes through accessors written out beside its key path (a key path
  /// applied at run time is slow): they must name the same property.
  @Test func eachFieldsAccessorsAreItsKeyPaths() throws {
    let other = Journey(
      name: "Other", transportationType: .lightRail, startDate: Date(timeIntervalSinceReferenceDate: 1_000),
      duration: 60)
    for field in JourneyField.all {
      let journey = makeJourney()
      let keyPath = try #require(field.keyPath as? PartialKeyPath<Journey>)
      #expect(field.write(journey, field.read(other)))
      #expect(field.read(journey) == field.read(other), "\(field.name)")
      for (written, untouched) in zip(JourneyField.all, JourneyField.all.map { $0.read(makeJourney()) }) {
        guard written != field else { continue }
        #expect(written.read(journey) == untouched, "writing \(field.name) changed \(written.name)")
      }
      #expect("\(journey[keyPath: keyPath])" == "\(other[keyPath: keyPath])", "\(field.name)")
    }
  }

  @Test func allListsTheFieldsInOrder() {
    #expect(JourneyField.all.map(\.name) == ["name", "transportationType", "startDate", "duration"])
    #expect(JourneyField.all == [.name, .transportationType, .startDate, .duration])
    #expect(JourneyField.all.map(\.description) == JourneyField.all.map(\.name))
  }

  @Test(arguments: [
    ("name", "name"), ("NAME", "name"), ("transportationType", "transportationType"),
    ("transportationtype", "transportationType"), ("transport", "transportationType"),
    ("Transport", "transportationType"), ("type", "transportationType"), ("startDate", "startDate"),
    ("STARTDATE", "startDate"), ("start", "startDate"), ("Start", "startDate"), ("duration", "duration"),
    ("Duration", "duration"),
  ])
  func findsAFieldByNameOrAliasIgnoringCase(_ name: String, field: String) throws {
    #expect(try JourneyField.named(name).name == field)
  }

  @Test(arguments: [
    ("durtion", "duration"), ("nmae", "name"), ("strt", "startDate"), ("tpye", "transportationType"),
  ])
  func suggestsTheNearestFieldForAnUnknownOne(_ name: String, suggestion: String) {
    #expect(throws: JourneyInputError.unknownField(name, suggestion: suggestion)) {
      try JourneyField.named(name)
    }
  }

  @Test func unknownFieldMessageListsTheFields() throws {
    let error = try #require(#expect(throws: JourneyInputError.self) { try JourneyField.named("colour") })
    #expect(error == .unknownField("colour", suggestion: nil))
    #expect(
      error.description
        == "'colour' is not a journey field; the fields are: name, transportationType, startDate, duration")
  }

  @Test(arguments: assignments)
  func assignsTextAndReadsItBack(_ fieldName: String, text: String, canonical: String) throws {
    let field = try JourneyField.named(fieldName)
    let journey = makeJourney()
    let others = JourneyField.all.filter { $0 != field }.map { $0.text(of: journey) }

    try field.assign(text, to: journey)

    #expect(field.text(of: journey) == canonical)
    #expect(JourneyField.all.filter { $0 != field }.map { $0.text(of: journey) } == others)
    let again = makeJourney()
    try field.assign(canonical, to: again)
    #expect(field.text(of: again) == canonical)
  }

  @Test func readsEachFieldOfAJourney() {
    let journey = makeJourney()
    #expect(JourneyField.all.map { $0.text(of: journey) } == ["Coast", "car", "2026-11-21T08:00:00Z", "3600"])
  }

  @Test func assignSetsTheTypedValues() throws {
    let journey = makeJourney()
    try JourneyField.transportationType.assign("Light Rail", to: journey)
    try JourneyField.startDate.assign("2026-11-21T08:00:00+02:00", to: journey)
    try JourneyField.duration.assign("45m", to: journey)
    #expect(journey.transportationType == .lightRail)
    #expect(journey.startDate == Date(timeIntervalSinceReferenceDate: 816_933_600))
    #expect(journey.duration == 2700)
  }

  @Test func startDateAcceptsNowToTheWholeSecond() throws {
    let journey = makeJourney()
    let before = Date().timeIntervalSinceReferenceDate.rounded(.down)
    try JourneyField.startDate.assign("NOW", to: journey)
    let start = journey.startDate.timeIntervalSinceReferenceDate
    #expect(start >= before)
    #expect(start <= Date().timeIntervalSinceReferenceDate)
    #expect(start == start.rounded(.down))
  }

  @Test(arguments: invalidAssignments)
  func assignWithInvalidTextLeavesTheJourneyUnchanged(
    _ fieldName: String, text: String, error: JourneyInputError
  ) throws {
    let field = try JourneyField.named(fieldName)
    let journey = makeJourney()
    let before = JourneyField.all.map { $0.text(of: journey) }

    #expect(throws: error) { try field.assign(text, to: journey) }

    #expect(JourneyField.all.map { $0.text(of: journey) } == before)
  }

  @Test func assignIsSeenByObservers() throws {
    let journey = makeJourney()
    let changes = Mutex(0)
    withObservationTracking {
      _ = journey.duration
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    try JourneyField.duration.assign("1h", to: journey)
    #expect(changes.withLock { $0 } == 0)
    try JourneyField.duration.assign("2h", to: journey)
    #expect(changes.withLock { $0 } == 1)
  }
}
