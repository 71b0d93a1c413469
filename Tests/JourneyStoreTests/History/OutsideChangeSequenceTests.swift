import Foundation
import Testing
@testable import JourneyStore

/// `outsideChanges()`: another connection's commits arrive as they are made.
@Suite("Outside changes as an asynchronous sequence")
struct OutsideChangeSequenceTests {
  @Test func eachCommitOfAnotherProcessArrivesWithTheJourneyAlreadyRefreshed() async throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try await mine.add(Journey(name: "Live", transportationType: .car))
    let id = journey.id
    let writer = Task.detached {
      let theirs = try Fixtures.database(in: folder, origin: "theirs")
      for type in [TransportationType.bike, .bus, .scooter] {
        try await Task.sleep(for: .milliseconds(30))
        try await theirs.edit(id) { $0.transportationType = type }
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

  @Test(.timeLimit(.minutes(3))) func theSequenceEndsWhenItsTaskIsCancelled() async throws {
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

  /// Two sequences on one database, and a `refresh()` of the owner's own between the commits:
  /// each sequence gets all four commits of another process (the sqlite3 shell), none takes them
  /// from another.
  @Test(.timeLimit(.minutes(3))) func everySequenceGetsEveryChange() async throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = try await database.add(Journey(name: "Shared", transportationType: .car)).id.lowercasedText
    var first = try database.outsideChanges().makeAsyncIterator()
    var second = try database.outsideChanges().makeAsyncIterator()
    var seen: ([String], [String], refreshed: [String]) = ([], [], [])
    for name in ["one", "two", "three", "four"] {
      let shell = try await SQLiteShell.run(
        "UPDATE journey SET name = '\(name)' WHERE id = '\(id)'", on: database.path,
        environment: ["PATH": "/usr/bin:/bin"], in: folder)
      shell.expectSuccess()
      // Sometimes the owner looks first: what it takes in is still the sequences'.
      if name == "two" || name == "four" {
        seen.refreshed += try database.refresh().compactMap { $0.newValue?.description }
      }
      while seen.0.last != name {
        seen.0 += try #require(try await first.next()).compactMap { $0.newValue?.description }
      }
      while seen.1.last != name {
        seen.1 += try #require(try await second.next()).compactMap { $0.newValue?.description }
      }
    }
    #expect(seen.0 == ["one", "two", "three", "four"])
    #expect(seen.1 == ["one", "two", "three", "four"])
    #expect(seen.refreshed == ["two", "four"])
  }

  /// A wait for a commit ends as soon as its task is cancelled, not when its time runs out: a
  /// wait of ten minutes, cancelled, ends within the test's minute (it waited in a blocking
  /// `poll` on a thread of its own before, and ended only at its timeout).
  @Test(.timeLimit(.minutes(3))) func aCancelledWaitEndsAtOnce() async throws {
    let folder = try TemporaryFolder()
    // Held open to the end, so that nothing of its close (the last connection checkpoints the
    // file and removes its WAL) can reach the monitor while it waits.
    let database = try Fixtures.database(in: folder)
    defer { withExtendedLifetime(database) {} }
    let monitor = DatabaseMonitor(path: database.path)
    let waiting = Task.detached { await monitor.wait(upTo: .seconds(600)) }
    try await Task.sleep(for: .milliseconds(50))
    waiting.cancel()
    #expect(await waiting.value == false)
    // And a wait that starts cancelled ends at once too.
    let cancelled = Task.detached {
      withUnsafeCurrentTask { $0?.cancel() }
      return await monitor.wait(upTo: .seconds(600))
    }
    #expect(await cancelled.value == false)
  }

  /// A write to the database ends a long wait, which a timer does not end first.
  @Test(.timeLimit(.minutes(3))) func aWriteEndsTheWait() async throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let monitor = DatabaseMonitor(path: database.path)
    let waiting = Task.detached { await monitor.wait(upTo: .seconds(600)) }
    try await Task.sleep(for: .milliseconds(50))
    try await database.add(Journey(name: "Wakes it"))
    #expect(await waiting.value == true)
  }
}

/// `follow()`: managed journeys and live lists follow the file by themselves.
@Suite("Following the file without a pump")
struct FollowTests {
  @MainActor @Test(.timeLimit(.minutes(3))) func managedJourneysAndLiveListsFollowTheFileByThemselves() async throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try await database.add(Journey(name: "Followed", transportationType: .car))
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    #expect(bikes.journeys.isEmpty)
    let following = Task { @MainActor in try await database.follow() }
    defer { following.cancel() }
    let shell = try await SQLiteShell.run(
      "UPDATE journey SET transportation_type = 'bike', name = 'Followed by itself' WHERE id = '\(journey.id.lowercasedText)'",
      on: database.path, environment: ["PATH": "/usr/bin:/bin"], in: folder)
    shell.expectSuccess()
    let deadline = ContinuousClock.now + .seconds(120)  // ends at once when it holds: a hang guard
    while journey.name != "Followed by itself" && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(journey.name == "Followed by itself")
    #expect(journey.transportationType == .bike)
    #expect(bikes.journeys.map(\.id) == [journey.id])
    following.cancel()
    try await following.value
  }
}
