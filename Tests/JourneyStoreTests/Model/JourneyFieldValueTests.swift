import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

@Suite struct JourneyFieldValueTests {
  @Test func aValueParsedOnceIsAssignedToManyJourneysThroughBindable() throws {
    let value = try JourneyField.named("transport").parse("Shared Ride")
    #expect("\(value)" == "hired-car")
    let journeys = [Journey(transportationType: .car), Journey(transportationType: .bus)]
    let notified = Mutex(0)
    for journey in journeys {
      withObservationTracking { _ = journey.transportationType } onChange: { notified.withLock { $0 += 1 } }
    }
    for journey in journeys { JourneyField.transportationType.assign(value, to: journey) }
    #expect(journeys.allSatisfy { $0.transportationType == .hiredCar })
    #expect(notified.withLock { $0 } == 2)
  }

  @Test func assigningAnEqualValueNotifiesNobody() throws {
    let journey = Journey(duration: 60)
    let notified = Mutex(0)
    withObservationTracking { _ = journey.duration } onChange: { notified.withLock { $0 += 1 } }
    JourneyField.duration.assign(try JourneyField.duration.parse("1m"), to: journey)
    #expect(notified.withLock { $0 } == 0)
  }

  @Test func datesParseAsTheStartDateFieldDoes() throws {
    #expect(try Date(parsing: "2026-11-21T08:00:00Z") == Fixtures.morning)
    #expect(try abs(Date(parsing: "NOW").timeIntervalSinceNow) < 5)
    #expect(throws: JourneyInputError.invalidDate("tomorrow")) { try Date(parsing: "tomorrow") }
    #expect("\(try JourneyField.startDate.parse("2026-11-21T09:00:00+01:00"))" == "2026-11-21T08:00:00Z")
  }
}
