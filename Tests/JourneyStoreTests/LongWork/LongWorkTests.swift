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
    let toldInCallersTask = Mutex<[Bool]>([])
    withObservationTracking { _ = buses.journeys } onChange: {
      toldInCallersTask.withLock { $0.append(CallersTask.isMarked) }
    }
    let progressInCallersTask = Mutex<[Bool]>([])
    let reports = Mutex<[WorkProgress]>([])

    let summary = try await CallersTask.$isMarked.withValue(true) {
      try await database.importJourneys(from: JourneyReader(text: Self.buses(3_000), format: .ndjson)) {
        progress in
        progressInCallersTask.withLock { $0.append(CallersTask.isMarked) }
        reports.withLock { $0.append(progress) }
      }
    }

    #expect(summary.inserted == 3_000)
    #expect(!progressInCallersTask.withLock { $0 }.isEmpty)
    #expect(progressInCallersTask.withLock { $0 }.allSatisfy { !$0 }, "the import ran in the caller's task")
    #expect(reports.withLock { $0 }.last == WorkProgress(completed: 3_000))
    // Taken in before the call returned, in the caller's task (so on its actor), without refresh().
    #expect(toldInCallersTask.withLock { $0 } == [true])
    #expect(buses.journeys.count == 3_000)
    // The database's own work, not another writer's.
    #expect(try database.refresh().isEmpty)
  }

  @Test func anImportThatReplacesUpdatesTheManagedJourneys() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let coast = try await database.add(Journey(name: "Coast", transportationType: .car))
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
    try await database.add(Journey(name: "Kept"))
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
    try await JourneyDatabase(path: database.path, configuration: .init(busyTimeout: .zero)).add(Journey(name: "After"))
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
      JourneyQuery(transportationTypes: [.bus], sortedBy: [], limit: 1_200), format: .ndjson,
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
    try await JourneyDatabase(path: database.path).add(Journey(name: "Elsewhere", transportationType: .bus))
    // Long enough for a loaded machine whose main actor other tests keep busy.
    let deadline = ContinuousClock.now + .seconds(60)
    while reported.withLock({ $0 }) == 0 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    following.cancel()
    try await following.value
    #expect(reported.withLock { $0 } == 1)
    #expect(buses.journeys.count == 2_001)
  }
}

/// Set around the caller's await: what runs in the caller's task (so on its actor) sees it; the
/// work's thread, which runs in no task, does not. (The main actor of a test on Linux is not one
/// thread: threads cannot tell.)
enum CallersTask {
  @TaskLocal static var isMarked = false
}

/// The interruption of a long statement, below the async forms.
@Suite("Long work's interruption")
struct LongWorkInterruptionTests {
  @Test func aCancelledWorkStopsTheStatementItIsRunning() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let work = LongWork(progress: nil)
    // From a thread of its own, as a task's cancellation handler runs: not Swift's pool, which
    // other tests may hold.
    let cancelledAt = Mutex<ContinuousClock.Instant?>(nil)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
      cancelledAt.withLock { $0 = .now }
      work.cancel()
    }
    // A statement that runs for minutes unless stopped.
    #expect(throws: CancellationError.self) {
      try work.run(on: database.connection) {
        _ = try database.connection.firstValue(
          "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000000000) SELECT count(*) FROM n")
      }
    }
    let stopped = ContinuousClock.now
    let cancelled = try #require(cancelledAt.withLock { $0 })
    #expect(cancelled.duration(to: stopped) < .seconds(1), "the statement went on after the cancellation")
    // The connection works as before.
    #expect(try database.count() == 0)
  }
}
