import Foundation
import Testing
@testable import JourneyStore

/// `outsideChanges()`: another connection's commits arrive as they are made.
@Suite("Outside changes as an asynchronous sequence")
struct OutsideChangeSequenceTests {
  @Test func eachCommitOfAnotherProcessArrivesWithTheJourneyAlreadyRefreshed() async throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "Live", transportationType: .car))
    let id = journey.id
    let writer = Task.detached {
      let theirs = try Fixtures.database(in: folder, origin: "theirs")
      for type in [TransportationType.bike, .bus, .scooter] {
        try await Task.sleep(for: .milliseconds(30))
        try theirs.edit(id) { $0.transportationType = type }
      }
    }
    var seen: [String] = []
    for try await changes in try mine.outsideChanges() {
      #expect(changes.allSatisfy { $0.origin == "theirs" })
      seen += changes.compactMap { $0.newValue?.description }
      #expect(journey.transportationType.rawValue == seen.last)
      if seen.count >= 3 { break }
    }
    try await writer.value
    #expect(seen == ["bike", "bus", "scooter"])
  }

  @Test(.timeLimit(.minutes(1))) func theSequenceEndsWhenItsTaskIsCancelled() async throws {
    let folder = try TemporaryFolder()
    let path = try Fixtures.database(in: folder).path
    let listener = Task.detached {
      let database = try JourneyDatabase(path: path)
      var count = 0
      for try await _ in try database.outsideChanges() { count += 1 }
      return count
    }
    try await Task.sleep(for: .milliseconds(50))
    listener.cancel()
    #expect(try await listener.value == 0)
  }
}
