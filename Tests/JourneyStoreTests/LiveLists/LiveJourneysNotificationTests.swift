import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// A list model as an app writes it under Swift 6: on the main actor, re-arming its observation
/// in `onChange`, which runs synchronously on the thread of the edit (the main actor here).
@MainActor
private final class JourneyListModel {
  let list: LiveJourneys
  private(set) var changes = 0

  init(_ list: LiveJourneys) {
    self.list = list
    observe()
  }

  private func observe() {
    withObservationTracking {
      _ = list.journeys
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.changes += 1
        self?.observe()
      }
    }
  }
}

/// Exactly one notification per change an observer can see (issue 27, item 1): a list that
/// reloads inside an observer's `withObservationTracking` registers it for the list alone.
@Suite("Live lists notify once")
struct LiveJourneysNotificationTests {
  /// The reproducer: an unsaved edit makes the list stale, so it reloads inside the
  /// observer's tracking closure; then one assignment.
  @Test(arguments: 1...40)
  func oneAssignmentNotifiesTheObserverOfAStaleListOnce(run: Int) throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "a", transportationType: .bike))
    let list = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    _ = list.journeys
    journey.name = "b"
    let fires = Mutex(0)
    withObservationTracking { _ = list.journeys } onChange: { fires.withLock { $0 += 1 } }
    journey.name = "c"
    #expect(fires.withLock { $0 } == 1)
  }

  @Test func aListIsNotToldOfAnEditThatCannotChangeIt() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let bike = try database.add(Journey(name: "ride", transportationType: .bike))
    let car = try database.add(Journey(name: "drive", transportationType: .car))
    let cars = database.liveJourneys(JourneyQuery(transportationTypes: [.car]))
    bike.name = "stale ride"   // unsaved: the car list reloads inside the tracking below
    let fires = Mutex(0)
    withObservationTracking { _ = cars.journeys } onChange: { fires.withLock { $0 += 1 } }
    bike.name = "longer ride"
    bike.duration += 60
    #expect(fires.withLock { $0 } == 0, "an edit of a bike journey, for a list of cars")
    bike.transportationType = .car
    #expect(fires.withLock { $0 } == 1, "the bike journey becomes a car's")
    #expect(Set(cars.journeys.map(\.name)) == ["drive", "longer ride"])
    _ = car
  }

  @Test func readingAListRegistersForTheListAlone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: (0..<5).map { Journey(name: "ride \($0)", transportationType: .bike) })
    let list = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    let fires = Mutex(0)
    // The first read manages the journeys inside the tracking closure.
    withObservationTracking { _ = list.journeys } onChange: { fires.withLock { $0 += 1 } }
    let journeys = list.journeys
    journeys[0].name = "first"
    journeys[1].name = "second"
    #expect(fires.withLock { $0 } == 1, "one notification, then the registration is spent")
  }

  @Test @MainActor func aReArmingModelCountsOneChangePerEdit() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = try (0..<4).map { try database.add(Journey(name: "ride \($0)", transportationType: .bike)) }
    let car = try database.add(Journey(name: "drive", transportationType: .car))
    let bikes = JourneyListModel(database.liveJourneys(JourneyQuery(transportationTypes: [.bike])))
    let cars = JourneyListModel(database.liveJourneys(JourneyQuery(transportationTypes: [.car])))
    for (index, journey) in journeys.enumerated() {
      journey.name += " (edited)"
      journey.duration = TimeInterval(60 * (index + 1))
    }
    #expect(bikes.changes == 8, "8 edits of bike journeys")
    #expect(cars.changes == 0, "none of them could change the list of cars")
    car.name = "drive home"
    #expect(cars.changes == 1)
    #expect(bikes.changes == 8)
    #expect(bikes.list.journeys.count == 4)
  }
}
