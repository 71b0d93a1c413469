import Dispatch
import Foundation
import Observation
import Synchronization
import Testing

@testable import JourneyStore

/// The async forms of long work: off the caller's actor on a connection of their own, with
/// progress and cancellation, their result taken in by the owner's managed journeys and live lists
/// on the owner's actor.
@MainActor
@Suite("Long work off the caller's actor")
struct LongWorkTests {
  /// NDJSON of `count` bus journeys named `Bus 0`, `Bus 1`, …
  static func buses(_ count: Int, from first: Int = 0) -> String {
    (first..<(first + count)).map {
      #"{"name":"Bus \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }.joined(separator: "\n")
  }

  @Test func anImportRunsOffTheActorAndTheOwnersListsShowItOnTheActor() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    #expect(buses.journeys.isEmpty)
    // The main actor's thread (on Linux not the process's main thread, but always the same one).
    let owner = pthread_self()
    let toldOnOwnersThread = Mutex<[Bool]>([])
    withObservationTracking { _ = buses.journeys } onChange: {
      toldOnOwnersThread.withLock { $0.append(pthread_equal(pthread_self(), owner) != 0) }
    }
    let progressOnOwnersThread = Mutex<[Bool]>([])
    let reports = Mutex<[WorkProgress]>([])

    let summary = try await database.importJourneys(from: JourneyReader(text: Self.buses(3_000), format: .ndjson)) {
      progress in
      progressOnOwnersThread.withLock { $0.append(pthread_equal(pthread_self(), owner) != 0) }
      reports.withLock { $0.append(progress) }
    }

    #expect(summary.inserted == 3_000)
    // The main actor's thread is not always one thread here: in CI (a fresh clone, 2 cores) the
    // test went on after the await on another thread. Known, under investigation (issue 27).
    withKnownIssue("the main actor's thread on Linux", isIntermittent: true) {
      #expect(pthread_equal(pthread_self(), owner) != 0)
    }
    #expect(!progressOnOwnersThread.withLock { $0 }.isEmpty)
    #expect(progressOnOwnersThread.withLock { $0 }.allSatisfy { !$0 }, "the import ran on the main actor's thread")
    #expect(reports.withLock { $0 }.last == WorkProgress(completed: 3_000))
    // Taken in before the call returned, on the owner's actor, without refresh().
    #expect(toldOnOwnersThread.withLock { $0 }.count == 1)
    withKnownIssue("the main actor's thread on Linux", isIntermittent: true) {
      #expect(toldOnOwnersThread.withLock { $0 } == [true])
    }
    #expect(buses.journeys.count == 3_000)
    // The database's own work, not another writer's.
    #expect(try database.refresh().isEmpty)
  }

  @Test func anImportThatReplacesUpdatesTheManagedJourneys() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let coast = try database.add(Journey(name: "Coast", transportationType: .car))
    let line = #"{"id":"\#(coast.id.uuidString.lowercased())","name":"Coast road","transportationType":"bike","# +
      #""startDate":"2026-11-21T08:00:00Z","duration":60}"#
    let summary = try await database.importJourneys(from: JourneyReader(text: line, format: .ndjson), onConflict: .replace)
    #expect(summary.replaced == 1)
    #expect(coast.name == "Coast road")
    #expect(coast.transportationType == .bike)
    #expect(!database.hasChanges)
  }

  @Test func aCancelledImportStopsBetweenRowsAndLeavesNothing() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try database.add(Journey(name: "Kept"))
    let batchesBefore = try database.changes().count
    let (started, reached) = AsyncStream.makeStream(of: Void.self)
    let reader = JourneyReader(text: Self.buses(200_000), format: .ndjson)
    let importing = Task { @MainActor in
      try await database.importJourneys(from: reader) { progress in
        if progress.completed >= 2_000 { reached.yield() }
      }
    }
    for await _ in started { break }
    importing.cancel()
    await #expect(throws: CancellationError.self) { try await importing.value }
    #expect(try database.count() == 1)
    #expect(try database.changes().count == batchesBefore)
    // No transaction was left open: another writer goes on at once.
    try JourneyDatabase(path: database.path, configuration: .init(busyTimeout: .zero)).add(Journey(name: "After"))
    #expect(try database.count() == 2)
  }

  @Test func aTaskCancelledBeforeTheWorkStartsWritesNothing() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let importing = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await database.importJourneys(from: JourneyReader(text: Self.buses(10), format: .ndjson))
    }
    await #expect(throws: CancellationError.self) { try await importing.value }
    #expect(try database.count() == 0)
  }

  @Test func anUndoAndARedoOfAnImportRunOffTheActorAndTheListFollows() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try await database.importJourneys(from: JourneyReader(text: Self.buses(5_000), format: .ndjson))
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    let first = try #require(buses.journeys.first)
    #expect(buses.journeys.count == 5_000)
    let reports = Mutex<[WorkProgress]>([])

    let undone = try await database.undo { progress in reports.withLock { $0.append(progress) } }
    #expect(undone?.deleted == 5_000)
    #expect(reports.withLock { $0 } == [WorkProgress(completed: 5_000, total: 5_000)])
    #expect(buses.journeys.isEmpty)
    #expect(try database.journey(id: first.id) == nil)

    let redone = try await database.redo()
    #expect(redone?.inserted == 5_000)
    #expect(buses.journeys.count == 5_000)
    #expect(buses.journeys.contains { $0 === first }, "the undo brought back the same object")
    #expect(try database.refresh().isEmpty)
  }

  @Test func anExportWritesEveryJourneyWithItsProgress() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try await database.importJourneys(from: JourneyReader(text: Self.buses(1_500), format: .ndjson))
    let text = Mutex("")
    let reports = Mutex<[WorkProgress]>([])
    let written = try await database.exportJourneys(
      JourneyQuery(transportationTypes: [.bus], sortField: nil, limit: 1_200), format: .ndjson,
      to: { piece in text.withLock { $0 += piece } },
      progress: { progress in reports.withLock { $0.append(progress) } })
    #expect(written == 1_200)
    let lines = text.withLock { $0 }.split(separator: "\n")
    #expect(lines.count == 1_200)
    #expect(lines.first?.contains(#""name":"Bus 0""#) == true)
    #expect(reports.withLock { $0 }.last == WorkProgress(completed: 1_200, total: 1_200))
    #expect(reports.withLock { $0 }.allSatisfy { $0.total == 1_200 })
  }

  @Test func aVacuumRunsOffTheActor() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try await database.importJourneys(from: JourneyReader(text: Self.buses(5_000), format: .ndjson))
    try await database.undo()
    try database.pruneHistory(.keepingLast(0))
    let (before, after) = try await database.vacuum()
    #expect(after < before)
  }

  @Test func anInMemoryDatabaseRunsItsLongWorkOnTheCaller() async throws {
    let database = try JourneyDatabase(path: "memory", configuration: .init(isInMemory: true))
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    #expect(buses.journeys.isEmpty)
    let summary = try await database.importJourneys(from: JourneyReader(text: Self.buses(10), format: .ndjson))
    #expect(summary.inserted == 10)
    #expect(buses.journeys.count == 10)
  }

  @Test func aFollowingDatabaseTakesItsOwnImportAsItsOwn() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    #expect(buses.journeys.isEmpty)
    let changes = try database.outsideChanges()
    let reported = Mutex(0)
    let following = Task { @MainActor in
      for try await batch in changes { reported.withLock { $0 += batch.count } }
    }
    try await database.importJourneys(from: JourneyReader(text: Self.buses(2_000), format: .ndjson))
    // Another process's commit, after the import: what the sequence reports is that alone.
    try JourneyDatabase(path: database.path).add(Journey(name: "Elsewhere", transportationType: .bus))
    let deadline = ContinuousClock.now + .seconds(10)
    while reported.withLock({ $0 }) == 0 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    following.cancel()
    try await following.value
    #expect(reported.withLock { $0 } == 1)
    #expect(buses.journeys.count == 2_001)
  }
}

/// The interruption of a long statement, below the async forms.
@Suite("Long work's interruption")
struct LongWorkInterruptionTests {
  @Test func aCancelledWorkStopsTheStatementItIsRunning() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let work = LongWork(progress: nil)
    // The cancellation comes from a thread of its own: this test blocks a thread of the
    // cooperative pool, and on 2 cores a task could wait for one while other tests block the
    // rest (54 s seen in CI).
    let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
      work.cancel()
      stoppedAt.withLock { $0 = ContinuousClock.now }
    }
    let started = ContinuousClock.now
    // A statement that runs for minutes unless stopped.
    #expect(throws: CancellationError.self) {
      try work.run(on: database.connection) {
        _ = try database.connection.firstValue(
          "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000000000) SELECT count(*) FROM n")
      }
    }
    let cancelledAt = try #require(stoppedAt.withLock { $0 })
    #expect(cancelledAt.duration(to: .now) < .seconds(1), "the statement went on after the cancellation")
    #expect(started.duration(to: .now) < .seconds(5))
    // The connection works as before.
    #expect(try database.count() == 0)
  }
}
