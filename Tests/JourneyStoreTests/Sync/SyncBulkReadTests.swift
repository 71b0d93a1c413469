import Foundation
import Testing

@testable import JourneyStore

/// Receiving with set-wise reads (`BulkReads`: the registers and journey rows of every received
/// journey read with one scan, many new journeys inserted with the indexes deferred) leaves
/// exactly what reading them one by one leaves: the same database, received through each path,
/// compared table by table, value by value (types included).
@Suite("Sync reads in bulk as it reads one by one")
struct SyncBulkReadTests {
  /// A source that makes journeys and changes them, a receiver that makes its own changes to some
  /// of the same journeys (concurrent ones: same field, other field, a delete), and a byte copy of
  /// the receiver and of the remote: each copy receives through one path.
  @Test func aMixOfLocallyEditedAndUntouchedJourneysEndsTheSameThroughEitherPath() throws {
    let world = try SyncWorld(replicas: 2)
    let ids = (0..<80).map { _ in UUID() }
    try world[0].add(
      contentsOf: ids.enumerated().map { Journey.sample("j\($0.offset)", id: $0.element) })
    try world.sync(0)
    try world.sync(1)
    // The source renames most journeys, retypes some, deletes a few and adds more.
    try world[0].edit(ids: ids[0..<60]) { $0.name += " (source)" }
    try world[0].edit(ids: ids[50..<70]) { $0.transportationType = .bus }
    try world[0].delete(ids: ids[75..<78])
    try world[0].add(contentsOf: (0..<10).map { Journey.sample("new \($0)") })
    try world.sync(0)
    Thread.sleep(forTimeInterval: 0.01)
    // The receiver, later: the same field (a conflict it wins), another field, a delete of an
    // edited journey, an edit of a deleted one, and journeys of its own.
    try world[1].edit(ids: ids[0..<5]) { $0.name += " (receiver)" }
    try world[1].edit(ids: ids[5..<10]) { $0.duration = 1_234 }
    try world[1].delete(ids: ids[10..<12])
    try world[1].edit(ids: [ids[76]]) { $0.name = "edited while deleted" }
    try world[1].add(contentsOf: (0..<3).map { Journey.sample("receiver \($0)") })

    let copy = try ReceiverCopy(of: world, database: 1)
    let oneByOne = try BulkReads.$mode.withValue(.never) { try world.sync(1) }
    let inBulk = try BulkReads.$mode.withValue(.always) {
      try copy.database.synchronize(with: FolderRemote(path: copy.remotePath))
    }
    #expect(oneByOne.receivedChanges > 80 && oneByOne.conflicts > 0)
    #expect(inBulk.receivedChanges == oneByOne.receivedChanges)
    #expect(inBulk.journeysChanged == oneByOne.journeysChanged)
    #expect(inBulk.conflicts == oneByOne.conflicts)
    try expectSameTables(world[1], copy.database)
    // The merge happened: the source's renames arrived where the receiver did not edit the name.
    let renamed = try #require(try world[1].journey(id: ids[30]))
    #expect(renamed.name == "j30 (source)")
    // The receiver renamed it later: it wins, and the source's name is a conflict.
    #expect(try world[1].journey(id: ids[0])?.name == "j0 (receiver)")
  }

  /// A new database joins from a snapshot through each path: the same journeys and registers.
  @Test func joiningFromASnapshotEndsTheSameThroughEitherPath() throws {
    let world = try SyncWorld(replicas: 3)
    let ids = (0..<50).map { _ in UUID() }
    try world[0].add(
      contentsOf: ids.enumerated().map { Journey.sample("j\($0.offset)", id: $0.element) })
    try world.sync(0)
    try world[0].edit(ids: ids[0..<20]) { $0.name += " again" }
    try world[0].delete(ids: ids[40..<45])
    _ = try world[0].compact(with: FolderRemote(path: world.remotePath))
    let oneByOne = try BulkReads.$mode.withValue(.never) { try world.sync(1) }
    let inBulk = try BulkReads.$mode.withValue(.always) { try world.sync(2) }
    #expect(oneByOne.snapshot != nil && inBulk.snapshot == oneByOne.snapshot)
    #expect(try world.table(1).count == 45)
    try expectSameTables(world[1], world[2], registersByReplica: true)
    try expectSameTables(world[0], world[1], registersByReplica: true, receivedOnly: true)
  }

  @Test func automaticReadsScanOnlyForManyJourneysAndAGoodPartOfTheTable() {
    let threshold = BulkReads.threshold
    #expect(!BulkReads.automatic.scans(threshold - 1) { 0 })
    #expect(BulkReads.automatic.scans(threshold) { Int64(4 * threshold) })
    #expect(!BulkReads.automatic.scans(threshold) { Int64(4 * threshold + 1) })
    #expect(!BulkReads.never.scans(1_000_000) { 0 })
    #expect(BulkReads.always.scans(1) { 1_000_000 })
    #expect(!BulkReads.always.scans(0) { 0 })
  }

  /// Expects two databases to hold the same journeys (rowids included), the same registers and
  /// the same conflicts, value by value and type by type.
  /// - Parameters:
  ///   - registersByReplica: Compares the registers' writers by replica id rather than by number
  ///     (two replicas number the writers in the order they met them).
  ///   - receivedOnly: Compares only the journey table (one side wrote the journeys, the other
  ///     received them).
  private func expectSameTables(
    _ one: JourneyDatabase, _ other: JourneyDatabase, registersByReplica: Bool = false,
    receivedOnly: Bool = false
  ) throws {
    if receivedOnly {
      let journeys = "SELECT \(JourneyRow.columns) FROM journey ORDER BY id"
      #expect(try rows(journeys, one) == rows(journeys, other))
      return
    }
    let journeys = "SELECT rowid, * FROM journey ORDER BY rowid"
    #expect(try rows(journeys, one) == rows(journeys, other))
    #expect(try !rows(journeys, one).isEmpty)
    #expect(
      try registers(one, namingReplicas: registersByReplica)
        == registers(other, namingReplicas: registersByReplica))
    let conflicts =
      "SELECT journey, field, kept, kept_hlc, kept_replica, lost, lost_hlc, lost_replica "
      + "FROM sync_conflict ORDER BY id"
    #expect(try rows(conflicts, one) == rows(conflicts, other))
    let log =
      "SELECT c.journey, c.kind, old_name, new_name, old_transportation_type, "
      + "new_transportation_type, old_start_date, new_start_date, old_duration, new_duration "
      + "FROM change c JOIN batch b ON b.id = c.batch WHERE b.replica IS NOT NULL ORDER BY c.id"
    #expect(try rows(log, one) == rows(log, other))
  }

  /// Every journey's registers, read through the store, one line each; each writer as its
  /// replica id (`namingReplicas`) or its number.
  private func registers(_ database: JourneyDatabase, namingReplicas: Bool) throws -> [String] {
    var replicas: [Int64: String] = [:]
    try database.connection.forEachRow("SELECT n, replica FROM sync_seen") {
      replicas[$0.integer(at: 0)] = $0.text(at: 1)
    }
    return try RegisterStore(connection: database.connection).all().map { journey, registers in
      let written = ([registers.present] + registers.fields).map { register in
        let writer = namingReplicas ? replicas[register.by] ?? "" : "\(register.by)"
        return "\(register.value) \(register.hlc) \(writer) \(register.seq)"
      }
      return ([journey] + written).joined(separator: " | ")
    }
  }

  private func rows(_ sql: String, _ database: JourneyDatabase) throws -> [[DatabaseValue]] {
    var rows: [[DatabaseValue]] = []
    try database.connection.forEachRow(sql) { row in
      rows.append((0..<row.columnCount).map { row.value(at: $0) })
    }
    return rows
  }
}

/// A byte copy of one database of a world and of its remote folder, made while no transaction
/// is open: the copy syncs with its own remote as the original would with the original remote.
private struct ReceiverCopy {
  let folder: TemporaryFolder
  let database: JourneyDatabase
  let remotePath: String

  init(of world: SyncWorld, database index: Int) throws {
    folder = try TemporaryFolder()
    let original = world[index]
    try original.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let path = folder.file("copy.sqlite")
    try FileManager.default.copyItem(atPath: original.path, toPath: path)
    remotePath = folder.file("remote")
    try FileManager.default.copyItem(atPath: world.remotePath, toPath: remotePath)
    database = try JourneyDatabase(path: path)
  }
}
