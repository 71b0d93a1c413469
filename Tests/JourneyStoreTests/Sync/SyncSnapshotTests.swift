import Foundation
import Testing

@testable import JourneyStore

/// Snapshots and compaction (SYNC.md, "Snapshots and long histories"): a new database joins from
/// a snapshot, removed files never break a replica, and compaction changes no sync's result.
@Suite("Sync snapshots and compaction")
struct SyncSnapshotTests {
  @Test func aNewDatabaseJoinsFromTheSnapshotWithIdenticalJourneysAndReadsNoCoveredFile() throws {
    let world = try SyncWorld(replicas: 3)
    let journeys = try world.history(rounds: 4, between: 0..<2)
    let compaction = try world[0].compact(with: FolderRemote(path: world.remotePath))
    #expect(compaction.wroteSnapshot)
    #expect(compaction.journeys == journeys.count)
    #expect(!compaction.removed.isEmpty)
    for name in compaction.removed {
      #expect(!FileManager.default.fileExists(atPath: world.remote(name)))
    }
    // Every change file left is covered by the snapshot: damaged, so that reading one shows.
    for name in try world.remoteFiles() where name.hasSuffix(".rtc") {
      try Data("not a change file".utf8).write(to: URL(fileURLWithPath: world.remote(name)))
    }
    let joined = try world.sync(2)
    #expect(joined.snapshot == compaction.snapshot)
    #expect(joined.refusedFiles.isEmpty)
    #expect(joined.receivedFiles == 1)
    #expect(try world.csv(2) == world.csv(0))
    #expect(try world.csv(0) == world.csv(1))
    #expect(
      try world[2].connection.firstValue("SELECT count(*) FROM sync_register")
        == .integer(Int64(journeys.count)))
    // One batch of the history, which undo takes back.
    let batch = try #require(joined.batch)
    let origin = try world[2].connection.firstValue(
      "SELECT origin LIKE 'sync from %' FROM batch WHERE id = ?", [.integer(batch)])
    #expect(origin == .integer(1))
    _ = try world[2].undo(scope: .wholeFile)
    #expect(try world.table(2).isEmpty)
  }

  @Test func aNonEmptyDatabaseJoiningMergesItsJourneysIn() throws {
    let world = try SyncWorld(replicas: 3)
    _ = try world.history(rounds: 2, between: 0..<2)
    _ = try world[0].compact(with: FolderRemote(path: world.remotePath))
    try world[2].add(Journey.sample("Only on the third"))
    let joined = try world.sync(2)
    #expect(joined.snapshot != nil && joined.sentChanges == 1)
    try world.syncAll()
    #expect(try world.csv(2) == world.csv(0) && world.csv(1) == world.csv(0))
    #expect(try world.table(0).contains { $0[1] == .text("Only on the third") })
  }

  @Test func compactionKeepsFilesAKnownReplicaHasNotAppliedAndItCatchesUp() throws {
    let world = try SyncWorld(replicas: 3)
    _ = try world.history(rounds: 2, between: 0..<3)
    // Replica 2 goes offline; 0 and 1 go on.
    let offline = try world.remoteFiles()
    _ = try world.history(rounds: 3, between: 0..<2)
    let newFiles = Set(try world.remoteFiles()).subtracting(offline).filter { $0.hasSuffix(".rtc") }
    let compaction = try world[0].compact(with: FolderRemote(path: world.remotePath))
    let left = try world.remoteFiles()
    #expect(!newFiles.isEmpty)
    // Every file written while replica 2 was away stays: it has not applied them.
    for name in newFiles { #expect(left.contains(name)) }
    #expect(compaction.kept >= newFiles.count)
    let caughtUp = try world.sync(2)
    #expect(caughtUp.refusedFiles.isEmpty)
    try world.syncAll()
    #expect(try world.csv(2) == world.csv(0) && world.csv(1) == world.csv(0))
  }

  @Test func aReplicaBehindTheSnapshotRecoversFromIt() throws {
    let world = try SyncWorld(replicas: 3)
    _ = try world.history(rounds: 2, between: 0..<2)
    // Replica 2 receives, sends nothing (the remote does not know it), and goes offline.
    try world.sync(2)
    _ = try world.history(rounds: 3, between: 0..<2)
    let compaction = try world[0].compact(with: FolderRemote(path: world.remotePath))
    #expect(!compaction.removed.isEmpty)
    let recovered = try world.sync(2)
    #expect(recovered.snapshot == compaction.snapshot)
    #expect(recovered.refusedFiles.isEmpty)
    #expect(try world.csv(2) == world.csv(0))
    // And it goes on syncing both ways.
    try world[2].add(Journey.sample("Back online"))
    try world.syncAll()
    #expect(try world.csv(2) == world.csv(0) && world.csv(1) == world.csv(0))
  }

  @Test func pruningHistoryAroundACompactionBreaksNoSync() throws {
    let world = try SyncWorld(replicas: 3)
    _ = try world.history(rounds: 3, between: 0..<2)
    try world[1].add(Journey.sample("Unsent on 1"))
    _ = try world[1].pruneHistory(.keepingLast(1))
    _ = try world[0].compact(with: FolderRemote(path: world.remotePath))
    _ = try world[0].pruneHistory(.keepingLast(1))
    try world.sync(1)
    let joined = try world.sync(2)
    #expect(joined.snapshot != nil && joined.refusedFiles.isEmpty)
    try world.syncAll()
    #expect(try world.csv(2) == world.csv(0) && world.csv(1) == world.csv(0))
    #expect(try world.table(0).contains { $0[1] == .text("Unsent on 1") })
  }

  @Test func compactingTwiceRemovesNothingMore() throws {
    let world = try SyncWorld(replicas: 2)
    _ = try world.history(rounds: 3, between: 0..<2)
    let first = try world[1].compact(with: FolderRemote(path: world.remotePath))
    let files = try world.everyRemoteFile()
    #expect(files.contains(try #require(first.snapshot)))
    let second = try world[1].compact(with: FolderRemote(path: world.remotePath))
    #expect(first.wroteSnapshot && !second.wroteSnapshot)
    #expect(second.snapshot == first.snapshot)
    #expect(second.removed.isEmpty)
    #expect(try world.everyRemoteFile() == files)
  }

  @Test func aDamagedSnapshotIsRefusedByNameAndTheFilesStillThereAreUsed() throws {
    let world = try SyncWorld(replicas: 2)
    // One file per replica: compaction keeps each replica's newest, so nothing is removed.
    try world[0].add(Journey.sample("One"))
    try world[1].add(Journey.sample("Two"))
    try world.syncAll()
    let compaction = try world[0].compact(with: FolderRemote(path: world.remotePath))
    #expect(compaction.removed.isEmpty)
    let snapshot = try #require(compaction.snapshot)
    try truncate(world.remote(snapshot))
    let late = try JourneyDatabase(path: world.folder.file("late.sqlite"))
    let joined = try late.synchronize(with: FolderRemote(path: world.remotePath))
    #expect(joined.refusedFiles.map(\.name) == [snapshot])
    #expect(joined.refusedFiles.first?.reason.contains("truncated") == true)
    #expect(try late.journeys().count == 2)
  }

  @Test func aDamagedSnapshotWhoseFilesAreGoneIsAClearRefusal() throws {
    let world = try SyncWorld(replicas: 2)
    _ = try world.history(rounds: 3, between: 0..<2)
    let compaction = try world[0].compact(with: FolderRemote(path: world.remotePath))
    #expect(!compaction.removed.isEmpty)
    let snapshot = try #require(compaction.snapshot)
    try truncate(world.remote(snapshot))
    let late = try JourneyDatabase(path: world.folder.file("late.sqlite"))
    let joined = try late.synchronize(with: FolderRemote(path: world.remotePath))
    #expect(joined.refusedFiles.map(\.name) == [snapshot])
  }

  /// Property-style: replicas write fields of their own (so that the result depends on no
  /// clock: only replica 0 inserts and deletes, and a delete wins over an edit whatever the
  /// clocks), sync in random orders; the same run with a compaction at a random point, and a
  /// new database joining at the end, gives the same journey table as without.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func syncResultsAreTheSameWithCompactionInTheMiddle(seed: UInt64) throws {
    let compacted = try randomRun(seed: seed, compacting: true)
    let plain = try randomRun(seed: seed, compacting: false)
    #expect(compacted == plain)
    #expect(!plain.isEmpty)
  }

  private func randomRun(seed: UInt64, compacting: Bool) throws -> String {
    var random = SplitMix(seed: seed)
    let world = try SyncWorld(replicas: 4)
    let compactAt = Int(random.next() % 16)
    for step in 0..<16 {
      let replica = Int(random.next() % 3)
      let present = world.journeysPresent(in: replica)
      let choice = random.next() % 4
      let pick = Int(random.next() % 1000)
      if choice == 0, replica == 0, !present.isEmpty {
        try world[0].delete(ids: [present[pick % present.count]])
      } else if choice == 1, !present.isEmpty {
        // Replica 0 names, 1 sets the transport, 2 the duration: no two write one field.
        try world[replica].edit(present[pick % present.count]) { journey in
          switch replica {
          case 0: journey.name = "name \(pick)"
          case 1: journey.transportationType = pick % 2 == 0 ? .bus : .bike
          default: journey.duration = TimeInterval(pick + 1)
          }
        }
      } else if replica == 0 {
        let id = UUID(uuidString: String(format: "%08llx-0000-4000-8000-%012llx", seed, step))!
        try world[0].add(Journey.sample("new \(step)", id: id))
      }
      try world.sync(Int(random.next() % 3))
      let compactor = Int(random.next() % 3)
      // Without compaction the compactor syncs, as compacting does first.
      if step == compactAt {
        if compacting {
          _ = try world[compactor].compact(with: FolderRemote(path: world.remotePath))
        } else {
          try world.sync(compactor)
        }
      }
    }
    for _ in 0..<2 { for index in 0..<3 { try world.sync(index) } }
    let joined = try world.sync(3)
    #expect(joined.refusedFiles.isEmpty)
    let table = try world.csv(0)
    for index in 1..<4 { #expect(try world.csv(index) == table) }
    return table
  }

  private func truncate(_ path: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
  }
}

/// A small seeded generator, so that a failing case repeats.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}

extension SyncWorld {
  /// The path of a file of the remote.
  func remote(_ name: String) -> String { remotePath + "/" + name }

  /// The journey table as `sqlite3 -csv` prints it.
  func csv(_ index: Int) throws -> String {
    try SQLiteShell.runBlocking("SELECT * FROM journey ORDER BY id", on: self[index].path, options: ["-csv"], busyTimeout: nil)
      .standardOutput
  }

  /// Every file of the remote (change files, snapshots, its identity), sorted.
  func everyRemoteFile() throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: remotePath) else { return [] }
    return (enumerator.allObjects as! [String]).filter { $0.contains(".") }.sorted()
  }

  /// The ids of the journeys a database holds.
  func journeysPresent(in index: Int) -> [UUID] {
    ((try? self[index].journeys()) ?? []).map(\.id).sorted { $0.uuidString < $1.uuidString }
  }

  /// Rounds in which each of `replicas` adds a journey, edits one and syncs (deleting one every
  /// other round on the first), so that each replica writes several files, each covering the
  /// others' earlier ones.
  /// - Returns: Every journey ever added.
  func history(rounds: Int, between replicas: Range<Int>) throws -> [UUID] {
    var added: [UUID] = []
    var own: [Int: UUID] = [:]
    for round in 0..<rounds {
      for index in replicas {
        if let previous = own[index] {
          try self[index].edit(previous) { $0.duration = TimeInterval(60 * (round + index + 1)) }
        }
        if round == 1, index == replicas.lowerBound, let previous = own[index] {
          try self[index].delete(ids: [previous])
        }
        let journey = Journey.sample("r\(index) round \(round)", .car)
        try self[index].add(journey)
        added.append(journey.id)
        own[index] = journey.id
        try sync(index)
      }
    }
    for index in replicas { try sync(index) }
    return added
  }
}
