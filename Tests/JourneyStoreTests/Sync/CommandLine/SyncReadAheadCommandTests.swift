import Foundation
import Testing

@testable import JourneyStore

/// A sync reads the remote's files before its write transaction, on the real binary: a share
/// slow to read (strace delays roadtrip's read of a change file, `SlowRead`) keeps the sync
/// waiting, not the database's other writers; and what another sync of the database applied
/// meanwhile is not applied again.
@Suite("roadtrip sync, reading before the transaction")
struct SyncReadAheadCommandTests {
  typealias Machines = SyncCommandTests.Machines

  /// How long the slow share takes to read one file: long enough for another roadtrip to start
  /// and write meanwhile on a machine whose every core runs other suites' work.
  static let delay = Duration.seconds(20)

  /// The environment of a run of roadtrip on database `name`.
  static func environment(_ machines: Machines, _ name: String) -> [String: String] {
    var environment = machines.sandbox.environment
    environment["ROADTRIP_DB"] = machines.path(name)
    return environment
  }

  /// b's change file `seq` on the remote.
  static func file(_ machines: Machines, of name: String, seq: Int) async throws -> String {
    let replica = try await SyncOwnFilesCommandTests.replica(machines, name)
    return machines.remote + "/replicas/\(replica)/" + String(format: "%09d.rtc", seq)
  }

  /// Finding 5's last part: while the sync reads a change file that takes seconds to read,
  /// another process's `roadtrip add` on the same database writes at once (a busy timeout of
  /// 500 ms), and the sync then applies the file and sends the new journey.
  @Test func aSlowShareDoesNotHoldTheDatabasesWriteLock() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Before").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "add", "From b").expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let file = try await Self.file(machines, of: "b", seq: 1)

    let sync = try SlowRead(
      of: file, by: Self.delay, ["sync"], environment: Self.environment(machines, "a"),
      in: machines.sandbox.folder)
    #expect(try await sync.reading())
    let add = try await machines.sandbox.run(
      ["add", "While the sync reads"],
      environment: ["ROADTRIP_DB": machines.path("a"), "ROADTRIP_BUSY_TIMEOUT": "500"])
    add.expectSuccess()
    #expect(sync.child.isRunning, "the sync ended before the add could write")
    let synced = try await sync.child.finish()
    synced.expectSuccess()
    #expect(synced.standardError.contains("received 1 change from 1 replica"), "\(synced)")

    try await machines.run("a", "db", "check").expectSuccess()
    #expect(
      try await SyncOwnFilesCommandTests.names(machines, "a")
        == ["Before", "From b", "While the sync reads"])
    try await machines.run("b", "sync").expectSuccess()
    #expect(
      try await SyncOwnFilesCommandTests.names(machines, "b")
        == ["Before", "From b", "While the sync reads"])
  }

  /// Two syncs of one database at once: the first reads b's files, slowly; the second applies
  /// them all meanwhile. The first's transaction finds them applied and applies none again:
  /// the changes received add up to those b sent, once, and the database is sound.
  @Test func twoSyncsOfOneDatabaseApplyEachFileOnce() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Before").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    for name in ["One", "Two", "Three"] {
      try await machines.run("b", "add", name).expectSuccess()
      try await machines.run("b", "sync").expectSuccess()
    }
    let id = try #require(try await machines.run("b", "list", "--format", "ids").lines.first)
    try await machines.run("b", "set", id, "name=Renamed").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    let last = try await Self.file(machines, of: "b", seq: 4)

    let first = try SlowRead(
      of: last, by: Self.delay, ["sync"], environment: Self.environment(machines, "a"),
      in: machines.sandbox.folder)
    #expect(try await first.reading())
    let second = try await machines.run("a", "sync")
    second.expectSuccess()
    #expect(second.standardError.contains("received 4 changes from 1 replica"), "\(second)")
    #expect(first.child.isRunning, "the first sync ended before the second could write")
    let late = try await first.child.finish()
    late.expectSuccess()
    #expect(late.standardError.contains("nothing new received"), "\(late)")
    #expect(!late.standardError.contains("received "), "\(late)")

    try await machines.run("a", "db", "check").expectSuccess()
    #expect(try await machines.table("a") == (try await machines.table("b")))
    let batches = try await machines.sqlite3(
      "a", "SELECT count(*) FROM batch WHERE origin LIKE 'sync%'")
    #expect(batches.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
  }
}
