import Dispatch
import Foundation
import Synchronization
import Testing

@testable import JourneyStore

/// `JourneyDatabase.sync(with:)` as long work (`runLongWork`): off the caller's actor, with
/// progress, cancellable, and its batch the owner's own.
@MainActor
@Suite("An async sync is long work")
struct SyncLongWorkTests {
  @Test func itsBatchIsTheOwnersOwnAndItReportsProgress() async throws {
    let world = try SyncWorld(replicas: 2)
    try await world[0].add(contentsOf: (0..<3).map { Journey.sample("Trip \($0)") })
    try world.sync(0)
    let list = world[1].liveJourneys()
    #expect(list.journeys.isEmpty)
    let reports = Mutex<[WorkProgress]>([])
    let summary = try await world[1].sync(with: FolderRemote(path: world.remotePath)) {
      progress in reports.withLock { $0.append(progress) }
    }
    #expect(summary.receivedChanges == 3)
    // Taken in before the call returned, without refresh().
    #expect(list.journeys.count == 3)
    // The sync's batch is the database's own, not another writer's.
    #expect(try world[1].refresh().isEmpty)
    let seen = reports.withLock { $0 }
    #expect(seen.last == WorkProgress(completed: 3), "\(seen)")
    #expect(seen.allSatisfy { $0.total == nil })
    // Sending counts too.
    try await world[1].add(Journey.sample("Back"))
    let back = Mutex<[WorkProgress]>([])
    _ = try await world[1].sync(with: FolderRemote(path: world.remotePath)) {
      progress in back.withLock { $0.append(progress) }
    }
    #expect(back.withLock { $0 }.last == WorkProgress(completed: 1))
  }

  /// Edits of managed journeys are written through off the caller's thread: the async sync
  /// that follows them waits for them, so they go out with that sync, every time.
  @Test func editsJustMadeGoOutWithTheSyncThatFollowsThem() async throws {
    let world = try SyncWorld(replicas: 2)
    let journeys = try (0..<100).map { try world[0].add(Journey.sample("Before \($0)")) }
    let bindings = journeys.map { world[0].writeThrough($0) { _ in } }
    _ = try world.sync(0)
    _ = try world.sync(1)
    for round in 0..<3 {
      for (index, binding) in bindings.enumerated() {
        binding.name.wrappedValue = "Edited \(round) \(index)"
      }
      _ = try await world[0].sync(with: FolderRemote(path: world.remotePath))
      _ = try world.sync(1)
      let names = try world.table(1).compactMap { $0[1].text }
      let edited = names.filter { $0.hasPrefix("Edited \(round) ") }
      #expect(edited.count == 100, "round \(round): \(edited.count) of 100 edits went out")
    }
  }

  @Test func aCancelledSyncLeavesTheDatabaseAsItWas() async throws {
    let world = try SyncWorld(replicas: 2)
    try await world[0].add(contentsOf: (0..<5_000).map { Journey.sample("Trip \($0)") })
    try world.sync(0)
    let database = world[1]
    let remote = FolderRemote(path: world.remotePath)
    let (started, reached) = AsyncStream.makeStream(of: Void.self)
    // The sync waits at its first report until the task is cancelled, so that it cannot commit
    // first however loaded the machine is.
    let cancelled = DispatchSemaphore(value: 0)
    let first = Mutex(true)
    let syncing = Task { @MainActor in
      try await database.sync(with: remote) { _ in
        let isFirst = first.withLock { isFirst in
          defer { isFirst = false }
          return isFirst
        }
        guard isFirst else { return }
        reached.yield()
        cancelled.wait()
      }
    }
    for await _ in started { break }
    syncing.cancel()
    cancelled.signal()
    await #expect(throws: CancellationError.self) { try await syncing.value }
    #expect(try database.count() == 0)
    #expect(try database.syncStatus().replica == nil, "the sync's transaction stayed")
    // Nothing held: the next sync completes.
    let summary = try await database.sync(with: remote)
    #expect(summary.receivedChanges == 5_000)
    #expect(try database.count() == 5_000)
  }
  /// A git that hangs (a clone over a dead network) is ended when the task is cancelled: the
  /// sync throws `CancellationError` at once, not when git gives up, nothing of it stays (no
  /// half clone either), and the next sync completes.
  @Test func cancellingEndsTheGitCommandThatMakesTheRemoteCurrent() async throws {
    let git = try GitSandbox()
    let repository = try git.bareRepository()
    let world = try SyncWorld(replicas: 1)
    let database = world[0]
    try await database.add(Journey.sample("Trip"))
    // A git that hangs in a clone or a fetch, and whose child (as ssh would) keeps git's
    // standard error open after git is gone.
    let wrapper = git.folder.file("hanging")
    let started = git.folder.file("started")
    try FileManager.default.createDirectory(atPath: wrapper, withIntermediateDirectories: true)
    try ShellScript.install(
      """
      #!/bin/sh
      case " $* " in *" clone "*|*" fetch "*) echo $$ > \(started).new; mv \(started).new \(started); sleep 30 ;; esac
      exec /usr/bin/git "$@"
      """, at: wrapper + "/git")
    var environment = git.environment
    environment["PATH"] = wrapper + ":/usr/bin:/bin"
    let hanging = git.remote(repository, environment: environment)
    let syncing = Task { @MainActor in try await database.sync(with: hanging) }
    let deadline = ContinuousClock.now + .seconds(120)  // ends at once when it holds: a hang guard
    while !FileManager.default.fileExists(atPath: started) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    let process = try #require(
      Int32(String(contentsOfFile: started, encoding: .utf8).filter(\.isNumber)),
      "git never started")
    syncing.cancel()
    // git itself is ended (and reaped) at once, whenever the main actor takes the outcome in.
    let ended = ContinuousClock.now + .seconds(10)
    while kill(process, 0) == 0 && ContinuousClock.now < ended {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(kill(process, 0) != 0, "git still runs after the cancel")
    await #expect(throws: CancellationError.self) { try await syncing.value }
    #expect(try database.syncStatus().replica == nil, "the sync's transaction stayed")
    let cache = try FileManager.default.contentsOfDirectory(atPath: git.cacheRoot("laptop"))
    #expect(!cache.contains { $0.contains(".clone-") }, "a half clone was left: \(cache)")
    let summary = try await database.sync(with: git.remote(repository))
    #expect(summary.sentChanges == 1)
    #expect(try git.files(in: repository).contains { $0.hasSuffix(".rtc") })
  }
}
