import Foundation
import Testing

@testable import JourneyStore

/// Sync through a folder, with the library: replicas converge, field by field, and every lost
/// value is a conflict that can be put back.
@Suite("Sync merges field by field")
struct SyncMergeTests {
  @Test func twoDatabasesConvergeOnEachOthersJourneys() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(Journey.sample("Laptop trip"))
    try world[1].add(Journey.sample("Desktop trip", .bike))
    let first = try world.sync(0)
    #expect(first.createdRemote)
    #expect(first.sentChanges == 1)
    let second = try world.sync(1)
    #expect(second.receivedChanges == 1 && second.sentChanges == 1 && second.journeysChanged == 1)
    let third = try world.sync(0)
    #expect(third.receivedChanges == 1 && third.sentChanges == 0)
    #expect(try world.table(0) == world.table(1))
    #expect(try world.table(0).count == 2)
    #expect(try world.remoteFiles().count == 3)
  }

  /// The merge takes a receive's changes in the order of their journeys' ids, not of the files:
  /// each journey's changes must still come in the files' order, across batches and files.
  @Test func aJourneyChangedInSeveralBatchesAndFilesEndsAsItsLastChangeSays() throws {
    let world = try SyncWorld(replicas: 2)
    let journeys = (0..<6).map { Journey.sample("Trip \($0)") }
    try world[0].add(contentsOf: journeys)
    try world[0].edit(journeys[3].id) { $0.name = "First rename" }
    try world[0].edit(journeys[0].id) { $0.transportationType = .bus }
    try world[0].edit(journeys[3].id) { $0.name = "Second rename" }
    try world[0].delete(ids: [journeys[5].id])
    try world[0].edit(journeys[3].id) { $0.transportationType = .walkOrRun }
    _ = try world.sync(0)
    try world[0].edit(journeys[3].id) { $0.name = "Third rename" }
    try world[0].delete(ids: [journeys[0].id])
    try world[0].add(Journey.sample("Trip 0 again", id: journeys[0].id))
    _ = try world.sync(0)
    let received = try world.sync(1)
    #expect(received.receivedFiles == 2)
    #expect(try world.table(1) == world.table(0))
    let renamed = try #require(try world[1].journey(id: journeys[3].id))
    #expect(renamed.name == "Third rename" && renamed.transportationType == .walkOrRun)
    #expect(try world[1].journey(id: journeys[5].id) == nil)
    #expect(try world[1].journey(id: journeys[0].id)?.name == "Trip 0 again")
    #expect(try world[1].syncConflicts().isEmpty)
  }

  @Test func syncingAgainChangesNothingAndWritesNoFile() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(Journey.sample("One"))
    try world.syncAll()
    let files = try world.remoteFiles()
    let batches = try world[1].connection.firstValue("SELECT count(*) FROM batch")
    let again = try world.sync(1)
    #expect(again.sentChanges == 0 && again.receivedChanges == 0 && again.batch == nil)
    #expect(try world.remoteFiles() == files)
    #expect(try world[1].connection.firstValue("SELECT count(*) FROM batch") == batches)
  }

  @Test func editsOfDifferentFieldsOfOneJourneyBothSurvive() throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Commute")
    try world[0].add(journey)
    try world.syncAll()
    try world[0].edit(journey.id) { $0.name = "Morning commute" }
    try world[1].edit(journey.id) { $0.transportationType = .bus }
    try world.syncAll()
    for index in 0..<2 {
      let read = try #require(try world[index].journey(id: journey.id))
      #expect(read.name == "Morning commute" && read.transportationType == .bus)
    }
    #expect(try world[0].syncConflicts().isEmpty && world[1].syncConflicts().isEmpty)
  }

  @Test func sameFieldEditsKeepOneWinnerEverywhereAndTheLoserIsRestorable() throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Commute")
    try world[0].add(journey)
    try world.syncAll()
    try world[0].edit(journey.id) { $0.name = "From the laptop" }
    Thread.sleep(forTimeInterval: 0.01)
    try world[1].edit(journey.id) { $0.name = "From the desktop" }
    try world.syncAll()
    #expect(try world.table(0) == world.table(1))
    #expect(try world[0].journey(id: journey.id)?.name == "From the desktop")
    for index in 0..<2 {
      let conflicts = try world[index].syncConflicts()
      #expect(conflicts.count == 1)
      #expect(conflicts.first?.kept?.description == "From the desktop")
      #expect(conflicts.first?.lost?.description == "From the laptop")
    }
    let conflict = try #require(try world[0].syncConflicts().first)
    try world[0].restoreConflict(conflict.id)
    #expect(try world[0].syncConflicts().first?.restoredBy != nil)
    #expect(throws: SyncConflictError.self) { try world[0].restoreConflict(conflict.id) }
    try world.syncAll()
    #expect(try world[1].journey(id: journey.id)?.name == "From the laptop")
    #expect(try world.table(0) == world.table(1))
  }

  @Test func aDeleteWinsOverAConcurrentEditWhichIsKeptAsAConflict() throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Commute")
    try world[0].add(journey)
    try world.syncAll()
    try world[1].edit(journey.id) { $0.name = "Edited meanwhile" }
    Thread.sleep(forTimeInterval: 0.01)
    try world[0].delete(ids: [journey.id])
    try world.syncAll()
    #expect(try world[0].journey(id: journey.id) == nil && world[1].journey(id: journey.id) == nil)
    for index in 0..<2 {
      let conflicts = try world[index].syncConflicts()
      #expect(conflicts.count == 1)
      #expect(
        conflicts.first?.kept == nil && conflicts.first?.lost?.description == "Edited meanwhile")
    }
    // Restoring brings the journey back, with the edit, everywhere.
    try world[0].restoreConflict(try #require(try world[0].syncConflicts().first).id)
    try world.syncAll()
    #expect(try world[1].journey(id: journey.id)?.name == "Edited meanwhile")
    #expect(try world.table(0) == world.table(1))
  }

  @Test func theSameJourneyImportedOnTwoDatabasesIsNoConflict() throws {
    let world = try SyncWorld(replicas: 2)
    let id = UUID()
    try world[0].add(Journey.sample("Imported", id: id))
    try world[1].add(Journey.sample("Imported", id: id))
    try world.syncAll()
    #expect(try world.table(0) == world.table(1) && world.table(0).count == 1)
    #expect(try world[0].syncConflicts().isEmpty && world[1].syncConflicts().isEmpty)
  }

  @Test func undoOfASyncTakesItBackAndReachesTheOtherDatabase() throws {
    let world = try SyncWorld(replicas: 2)
    try world.sync(1)
    let journey = Journey.sample("Received")
    try world[0].add(journey)
    try world.sync(0)
    let received = try world.sync(1)
    #expect(received.journeysChanged == 1)
    let origin = try world[1].connection.firstValue(
      "SELECT origin FROM batch WHERE id = ?", [.integer(received.batch!)])
    #expect(origin?.text?.hasPrefix("sync from ") == true)
    #expect(try world[1].undo(scope: .wholeFile)?.deleted == 1, "a sync's batch is the file's, not the database's own")
    try world.syncAll()
    #expect(try world[0].journey(id: journey.id) == nil)
    #expect(try world.table(0) == world.table(1))
  }

  @Test func anOutsideProgramsChangeSyncsOut() throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Commute")
    try world[0].add(journey)
    try world.syncAll()
    let outside = try Connection(path: world[0].path, busyTimeout: .seconds(5))
    try outside.execute(
      "UPDATE journey SET name = 'Written by a script' WHERE id = '\(journey.id.lowercasedText)'")
    try world.syncAll()
    #expect(try world[1].journey(id: journey.id)?.name == "Written by a script")
  }

  @Test func aFolderWithOtherFilesIsNotARemote() throws {
    let world = try SyncWorld(replicas: 1)
    try FileManager.default.createDirectory(
      atPath: world.remotePath, withIntermediateDirectories: true)
    FileManager.default.createFile(
      atPath: world.remotePath + "/notes.txt", contents: Data("mine".utf8))
    #expect(throws: SyncError.notARemote(path: world.remotePath)) { try world.sync(0) }
    #expect(try world[0].syncStatus().replica == nil)
  }

  @Test func aDatabaseRefusesAnotherRemote() throws {
    let world = try SyncWorld(replicas: 1)
    try world.sync(0)
    let other = world.folder.file("other")
    #expect(throws: SyncError.self) { try world[0].synchronize(with: FolderRemote(path: other)) }
  }

  @Test func aCorruptFileIsRefusedByNameAndTheRestCompletes() throws {
    let world = try SyncWorld(replicas: 3)
    try world[0].add(Journey.sample("From zero"))
    try world[1].add(Journey.sample("From one"))
    try world.sync(0)
    try world.sync(1)
    let replica0 = try #require(try world[0].syncStatus().replica)
    let name = "replicas/\(replica0)/000000001.rtc"
    let path = world.remotePath + "/" + name
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: path)
    try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: path))
    let summary = try world.sync(2)
    #expect(summary.refusedFiles.map(\.name) == [name])
    #expect(try world[2].journeys().map(\.name) == ["From one"])
    // Once the file is whole again, the next sync applies it.
    try FileManager.default.removeItem(atPath: path)
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(try world.sync(2).refusedFiles.isEmpty)
    #expect(try world[2].count() == 2)
  }

  /// A file not written stays in `sync_sent` with its bytes and goes next time: checked by
  /// `SyncCommandTests.aReadOnlyRemoteReceivesAndSendsLater`, with a folder that binds.
  @Test func aSyncConfirmsTheFilesItPublished() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(Journey.sample("First"))
    try world.sync(0)
    #expect(try world[0].syncStatus().pendingFiles == 0)
    #expect(try world[0].syncStatus().isSyncRequired == false)
    try world[0].add(Journey.sample("Second"))
    try world.sync(0)
    #expect(try world[0].syncStatus().pendingFiles == 0)
    try world.sync(1)
    #expect(try world[1].journeys().map(\.name).sorted() == ["First", "Second"])
  }
}

extension SyncMergeTests {
  @Test func aCopiedDatabaseTakesANewIdAndNothingIsLost() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(Journey.sample("Before the copy"))
    try world.sync(0)
    let copy = try world.copy(of: 0)
    try copy.add(Journey.sample("On the copy"))
    try world[0].add(Journey.sample("On the original"))
    let copySync = try copy.synchronize(with: FolderRemote(path: world.remotePath))
    #expect(copySync.renewedFrom == nil)
    let original = try world.sync(0)
    #expect(original.renewedFrom == copySync.replica)
    #expect(original.replica != copySync.replica)
    #expect(original.receivedChanges == 1)
    try copy.synchronize(with: FolderRemote(path: world.remotePath))
    try world.syncAll()
    let names = ["Before the copy", "On the copy", "On the original"]
    for database in [world[0], world[1], copy] {
      #expect(try database.journeys().map(\.name).sorted() == names)
    }
  }
}

extension SyncMergeTests {
  @Test func pruningKeepsEveryBatchNotSentYet() throws {
    let world = try SyncWorld(replicas: 2)
    try world.sync(0)
    let journey = Journey.sample("Unsent")
    try world[0].add(journey)
    try world[0].edit(journey.id) { $0.name = "Unsent, edited" }
    _ = try world[0].pruneHistory(.keepingLast(1))
    try world.sync(0)
    try world.sync(1)
    #expect(try world[1].journey(id: journey.id)?.name == "Unsent, edited")
  }
}

extension SyncMergeTests {
  @Test func managedJourneysAndLiveListsFollowAnAsyncSync() async throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Before")
    try await world[0].add(journey)
    try world.syncAll()
    let managed = try #require(try world[1].journey(id: journey.id))
    let list = world[1].liveJourneys()
    #expect(list.journeys.count == 1)
    try await world[0].edit(journey.id) { $0.name = "After" }
    try await world[0].add(Journey.sample("New"))
    _ = try await world[0].sync(with: FolderRemote(path: world.remotePath))
    let summary = try await world[1].sync(with: FolderRemote(path: world.remotePath))
    #expect(summary.journeysChanged == 2)
    #expect(managed.name == "After")
    #expect(list.journeys.count == 2)
  }
}

extension SyncMergeTests {
  /// A start from one database and a duration from another, each valid, together end after the
  /// year 9999: the table refuses them, the journey keeps its values, and each refused field is
  /// a conflict; the sync goes on. Through either path: the journey's row read by id, or found
  /// by a scan of the table (`BulkReads`).
  @Test(arguments: [BulkReads.never, .always])
  func aMergedJourneyTheTableRefusesKeepsItsValuesAndIsAConflict(reads: BulkReads) throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Late")
    try world[0].add(journey)
    try world.syncAll()
    let lateStart = Date(timeIntervalSinceReferenceDate: 252_423_993_600 - 10 * 86_400)
    try world[0].edit(journey.id) { $0.startDate = lateStart }
    try world[1].edit(journey.id) { $0.duration = 30 * 86_400 }
    try world[1].add(Journey.sample("Also sent"))
    try world.sync(0)
    let summary = try BulkReads.$mode.withValue(reads) { try world.sync(1) }
    #expect(summary.journeysChanged == 0)
    #expect(try world[1].journey(id: journey.id)?.startDate == Journey.sample("").startDate)
    let refused = try world[1].syncConflicts()
    #expect(refused.map(\.field) == [.startDate])
    #expect(refused.first?.lost?.description == JourneyField.startDate.format(.real(lateStart.timeIntervalSinceReferenceDate)))
    #expect(refused.first?.kept?.description == JourneyField.startDate.format(
      .real(Journey.sample("").startDate.timeIntervalSinceReferenceDate)))
    try world.sync(0)
    #expect(try world[0].count() == 2)
  }
}

extension SyncMergeTests {
  /// A change file's batches are SQLite's own changesets: SQLite applies the first file to an
  /// empty journey table and it holds what the sender held.
  @Test func aChangeFilesBatchesAreChangesetsSQLiteApplies() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(contentsOf: [Journey.sample("One"), Journey.sample("Two", .bus)])
    try world.sync(0)
    let replica = try #require(try world[0].syncStatus().replica)
    let name = ChangeFile.name(replica: replica, seq: 1)
    let bytes = try #require(FileManager.default.contents(atPath: world.remotePath + "/" + name))
    let file = try ChangeFile(decoding: Array(bytes), replica: replica, seq: 1)
    try world[1].upgradeSchema()
    for body in file.bodies {
      let changeset = try Changeset(table: .journey, changes: body)
      try world[1].connection.apply(changeset, of: .journey) { _ in .abort }
    }
    #expect(try world.table(1) == world.table(0))
  }
}

extension SyncMergeTests {
  /// A file of this replica that the remote never got (its bytes still pending) when a copy of
  /// the database sent a file of the same seq: the replica takes a new id, writes the pending
  /// file again under it, and the registers that file wrote name the new id and seq (one blob
  /// per journey, rewritten in Swift), so that every replica converges.
  @Test func aPendingFileWrittenAgainUnderANewIdTakesItsRegistersAlong() throws {
    let world = try SyncWorld(replicas: 2)
    try world[0].add(Journey.sample("Before the copy"))
    try world.sync(0)
    let copy = try world.copy(of: 0)
    let pending = Journey.sample("Pending")
    try world[0].add(pending)
    try world.sync(0)
    // As if the sync had been killed before its file reached the remote.
    let old = try #require(try ReplicaState.existing(in: world[0].connection)).id
    let file = world.remote("replicas/\(old)/000000002.rtc")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    try world[0].connection.run(
      "UPDATE sync_sent SET pending = ? WHERE seq = 2", [.blob(Array(bytes))])
    try FileManager.default.removeItem(atPath: file)
    try copy.add(Journey.sample("On the copy"))
    try copy.synchronize(with: FolderRemote(path: world.remotePath))

    let renewed = try world.sync(0)
    #expect(renewed.renewedFrom == old)
    var state = try #require(try ReplicaState.existing(in: world[0].connection))
    let registers = try #require(
      try RegisterStore(connection: world[0].connection).registers(of: pending.id.lowercasedText))
    for register in [registers.present] + registers.fields {
      #expect(register.by == (try state.number(of: state.id)))
      #expect(register.seq == 1)
    }
    try copy.synchronize(with: FolderRemote(path: world.remotePath))
    try world.syncAll()
    for database in [world[0], world[1], copy] {
      let names = try database.journeys().map(\.name).sorted()
      #expect(names == ["Before the copy", "On the copy", "Pending"])
    }
  }
}
