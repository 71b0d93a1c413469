import Foundation
import Observation
import Testing
import JourneyStore

/// The code of the DocC article "Observing journeys" (Sources/JourneyStore/JourneyStore.docc),
/// compiled in Swift 6 mode and run as written, so that the article stays true.
@Suite("The Observing journeys article")
struct ObservingJourneysArticleTests {
  @MainActor
  final class BikeCounter {
    let bikes: LiveJourneys
    private(set) var count = 0
    private(set) var updates = 0

    init(database: JourneyDatabase) {
      bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
      observe()
    }

    private func observe() {
      count = withObservationTracking {
        bikes.journeys.count
      } onChange: { [weak self] in
        // Called once, before the change: read the new value on the model's actor.
        Task { @MainActor in
          self?.updates += 1
          self?.observe()
        }
      }
    }
  }

  @MainActor @Test(.timeLimit(.minutes(3))) func theModelCountsEveryChangeOnceAndFollowsOtherProcesses() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let ride = try await database.add(Journey(name: "Ride", transportationType: .bike))
    let drive = try await database.add(Journey(name: "Drive", transportationType: .car))
    let counter = BikeCounter(database: database)
    #expect(counter.count == 1)

    drive.transportationType = .bike
    try await Self.settle { counter.updates == 1 }
    #expect(counter.count == 2)
    ride.name = "Ride, renamed"
    try await Self.settle { counter.updates == 2 }
    // Once each: no second call comes later.
    try await Task.sleep(for: .milliseconds(50))
    #expect(counter.updates == 2)

    let following = Task { @MainActor in try await database.follow() }
    let other = try JourneyDatabase(path: database.path)
    try await other.add(Journey(name: "From elsewhere", transportationType: .bike))
    try await Self.settle { counter.count == 3 }
    #expect(counter.count == 3)
    following.cancel()
    try await following.value
  }

  @MainActor @Test(.timeLimit(.minutes(3))) func observationsGivesTheValueAsItChanges() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let drive = try await database.add(Journey(name: "Drive", transportationType: .car))
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    var counts: [Int] = []
    for await count in Observations({ bikes.journeys.count }) {
      counts.append(count)
      if counts.count == 1 { drive.transportationType = .bike } else { break }
    }
    #expect(counts == [0, 1])
  }

  /// Lets the main actor run the tasks the observers scheduled until `done`, for at most 10 s.
  @MainActor static func settle(_ done: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !done() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
