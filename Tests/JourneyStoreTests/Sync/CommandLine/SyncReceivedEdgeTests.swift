import Foundation
import Testing

@testable import JourneyStore

/// What a received change file or snapshot may carry, on the real binary, with files that
/// another program (python3) rewrote on the remote, their digests made again: a clock far
/// ahead, a version vector claiming files that do not exist, a value the journey table refuses,
/// text that is not UTF-8.
@Suite("roadtrip sync: what a received file may carry")
struct SyncReceivedEdgeTests {
  /// Rewrites a change file or snapshot of the remote as its arguments say, with a valid digest
  /// (SYNC.md, "Change files"): `clock N` sets every batch's clock, `vector JSON` sets entries
  /// of the version vector, `bytes OLD NEW` (hex) replaces bytes inside a change file's batches,
  /// whose lengths follow.
  static let rewriter = #"""
    import json, struct, sys

    def digest(data):
        first, second, prime, mask = 0xcbf29ce484222325, 0x6c62272e07bb0142, 0x100000001b3, (1 << 64) - 1
        for byte in data:
            first = ((first ^ byte) * prime) & mask
            second = ((second ^ (byte ^ 0x5a)) * prime) & mask
        return struct.pack('<QQ', first, second)

    path, mode = sys.argv[1], sys.argv[2]
    data = open(path, 'rb').read()[:-16]
    magic, length = data[:8], struct.unpack('<I', data[8:12])[0]
    header, body = json.loads(data[12:12 + length]), data[12 + length:]
    if mode == 'clock':
        for batch in header['batches']:
            batch['hlc'] = int(sys.argv[3])
    elif mode == 'vector':
        header['vector'].update(json.loads(sys.argv[3]))
    elif mode == 'bytes':
        old, new = bytes.fromhex(sys.argv[3]), bytes.fromhex(sys.argv[4])
        batches, rest = b'', body
        while rest:
            size = struct.unpack('<I', rest[:4])[0]
            batch = rest[4:4 + size].replace(old, new)
            batches += struct.pack('<I', len(batch)) + batch
            rest = rest[4 + size:]
        assert batches != body, 'the bytes to replace are not there'
        body = batches
    encoded = json.dumps(header).encode()
    data = magic + struct.pack('<I', len(encoded)) + encoded + body
    open(path, 'wb').write(data + digest(data))
    """#

  /// Runs the rewriter on `file` (a path inside the remote).
  static func rewrite(
    _ file: String, of machines: SyncCommandTests.Machines, _ arguments: String...
  ) async throws {
    let script = machines.sandbox.folder.file("rewrite.py")
    try rewriter.write(toFile: script, atomically: false, encoding: .utf8)
    try await Child.run(
      "/usr/bin/env", ["python3", script, machines.remote + "/" + file] + arguments,
      environment: machines.sandbox.environment, in: machines.sandbox.folder
    ).expectSuccess()
  }

  static func replica(_ name: String, of machines: SyncCommandTests.Machines) async throws
    -> String
  {
    let status = try await machines.run(name, "sync", "--status")
    let line = try #require(status.lines.first { $0.hasPrefix("replica: ") }, "\(status)")
    return String(line.dropFirst("replica: ".count))
  }

  /// The text's UTF-8 bytes as a changeset holds a short text value: its type (3), its length
  /// (one byte), its bytes; in hex.
  static func textValue(_ bytes: [UInt8]) -> String {
    ([3, UInt8(bytes.count)] + bytes).map { String(format: "%02x", $0) }.joined()
  }

  @Test func aClockOfTheLargestIntegerIsRefusedByNameAndNoLaterSyncTraps() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "From a").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    let a = try await Self.replica("a", of: machines)
    let file = ChangeFile.name(replica: a, seq: 1)
    try await Self.rewrite(file, of: machines, "clock", "9223372036854775807")
    try await machines.run("b", "add", "From b").expectSuccess()
    let refused = try await machines.run("b", "sync", machines.remote)
    refused.expectExit(65)
    #expect(refused.standardError.contains(file), "\(refused)")
    #expect(refused.standardError.contains("replica \(a)'s clock runs ahead"), "\(refused)")
    #expect(refused.standardError.contains("more than 24 hours ahead"), "\(refused)")
    // What was not refused was done: b's journey was sent.
    #expect(refused.standardError.contains("sent 1 change in 1 file"), "\(refused)")
    // A later edit and sync stamps a clock past the last one: no overflow.
    try await machines.run("b", "add", "Later").expectSuccess()
    try await machines.run("b", "sync").expectExit(65)
    try await machines.run("b", "db", "check").expectSuccess()
    #expect(try await machines.run("b", "list", "--format", "ids").lines.count == 2)
    // a receives b's files, whose clocks are ordinary. Its own file, rewritten on the remote
    // and still one of its files, is the mark of a copy (SYNC.md, "Copies of a database"): a
    // takes a new id, sends its journey again, and refuses the rewritten file as the others do.
    let copied = try await machines.run("a", "sync")
    copied.expectExit(65)
    #expect(copied.standardError.contains("another copy of this database synced"), "\(copied)")
    #expect(try await machines.run("a", "list", "--format", "ids").lines.count == 3)
    // A database whose clock an older roadtrip raised to the largest integer stamps no
    // overflow either; its files carry that clock, and the others refuse them by name.
    try await machines.sqlite3("b", "UPDATE sync_replica SET last_hlc = 9223372036854775807")
      .expectSuccess()
    try await machines.run("b", "add", "After the largest clock").expectSuccess()
    try await machines.run("b", "sync").expectExit(65)
    try await machines.run("b", "add", "And after that").expectSuccess()
    try await machines.run("b", "sync").expectExit(65)
    let b = try await Self.replica("b", of: machines)
    let refusedB = try await machines.run("a", "sync")
    refusedB.expectExit(65)
    #expect(refusedB.standardError.contains(ChangeFile.name(replica: b, seq: 3)), "\(refusedB)")
    #expect(refusedB.standardError.contains("replica \(b)'s clock runs ahead"), "\(refusedB)")
  }

  @Test func aSnapshotWhoseVectorHoldsTheLargestIntegerIsRefusedAndCompactionDoesNotTrap()
    async throws
  {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "From a").expectSuccess()
    try await machines.run("a", "sync", "--compact", machines.remote).expectSuccess()
    let a = try await Self.replica("a", of: machines)
    let snapshot = Snapshot.name(replica: a, seq: 1)
    try await Self.rewrite(
      snapshot, of: machines, "vector", #"{"\#(a)": 9223372036854775807}"#)
    let refused = try await machines.run("c", "sync", machines.remote)
    refused.expectExit(65)
    #expect(refused.standardError.contains(snapshot), "\(refused)")
    #expect(refused.standardError.contains("claims replica \(a)'s files up to"), "\(refused)")
    // The change file still there is applied instead.
    #expect(try await machines.table("c") == machines.table("a"))
    // A sync that joined from the files needs no snapshot: it reads none.
    let compacted = try await machines.run("c", "sync", "--compact")
    compacted.expectSuccess()
    #expect(compacted.standardError.contains("wrote snapshots/"), "\(compacted)")
    // A version vector an older roadtrip took from such a snapshot sums without overflow.
    try await machines.sqlite3(
      "c", "UPDATE sync_seen SET seq = 9223372036854775807 WHERE replica = '\(a)'"
    ).expectSuccess()
    try await machines.run("c", "add", "After the largest seq").expectSuccess()
    try await machines.run("c", "sync", "--compact").expectSuccess()
  }

  @Test func aSnapshotClaimingFilesThatDoNotExistCutsNoReplicaOff() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "One").expectSuccess()
    try await machines.run("a", "add", "Two").expectSuccess()
    try await machines.run("a", "sync", "--compact", machines.remote).expectSuccess()
    let a = try await Self.replica("a", of: machines)
    let snapshot = Snapshot.name(replica: a, seq: 1)
    try await Self.rewrite(snapshot, of: machines, "vector", #"{"\#(a)": 1000000}"#)
    let joined = try await machines.run("b", "sync", machines.remote)
    joined.expectExit(65)
    #expect(joined.standardError.contains(snapshot), "\(joined)")
    #expect(try await machines.table("b") == machines.table("a"))
    // Each side's later edits reach the other.
    let ids = try await machines.run("a", "list", "--format", "ids").lines
    try await machines.run("a", "set", ids[0], "name=Renamed on a").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "set", ids[1], "name=Renamed on b").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let table = try await machines.table("a")
    #expect(table.contains("Renamed on a") && table.contains("Renamed on b"), "\(table)")
    #expect(try await machines.table("b") == table)
    // Nothing waits on either side once both synced.
    try await machines.run("b", "sync").expectSuccess()
    for name in ["a", "b"] {
      let status = try await machines.run(name, "sync", "--status")
      #expect(status.standardOutput.contains("waiting to be sent: 0 batches"), "\(status)")
    }
  }

  @Test func aValueThisRoadtripCannotStoreIsHeldBackAndFreezesNothing() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute", "--transport", "bike").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let a = try await Self.replica("a", of: machines)
    let id = try #require(try await machines.run("a", "list", "--format", "ids").lines.first)
    try await machines.run("a", "set", id, "name=Renamed", "transport=scooter").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    // A newer roadtrip's ninth transportation type.
    let file = ChangeFile.name(replica: a, seq: 2)
    try await Self.rewrite(
      file, of: machines, "bytes", Self.textValue(Array("scooter".utf8)),
      Self.textValue(Array("rocket".utf8)))
    let received = try await machines.run("b", "sync")
    received.expectSuccess()
    #expect(
      received.standardError.contains(
        "held back the transportationType of journey \(id) from \(file) (replica \(a)): "
          + "'rocket', which this roadtrip cannot store"), "\(received)")
    let shown = try await machines.run("b", "show", id, "--format", "json").standardOutput
    #expect(shown.contains("\"Renamed\"") && shown.contains("\"bike\""), "\(shown)")
    // Later edits of the journey, from either side, arrive.
    try await machines.run("a", "set", id, "name=Renamed again").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(
      try await machines.run("b", "show", id, "--format", "json").standardOutput.contains(
        "Renamed again"))
    try await machines.run("b", "set", id, "transport=bus").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
    try await machines.run("b", "db", "check").expectSuccess()
  }

  @Test func aNameThatIsNotUTF8IsHeldBackAndTheDatabaseStaysSound() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let a = try await Self.replica("a", of: machines)
    let id = try #require(try await machines.run("a", "list", "--format", "ids").lines.first)
    try await machines.run("a", "set", id, "name=QQ", "duration=3600").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await Self.rewrite(
      ChangeFile.name(replica: a, seq: 2), of: machines, "bytes",
      Self.textValue(Array("QQ".utf8)), Self.textValue([0xff, 0xfe]))
    let received = try await machines.run("b", "sync")
    received.expectSuccess()
    #expect(
      received.standardError.contains("held back the name of journey \(id)"), "\(received)")
    #expect(received.standardError.contains("not UTF-8"), "\(received)")
    try await machines.run("b", "db", "check").expectSuccess()
    let shown = try await machines.run("b", "show", id, "--format", "json").standardOutput
    #expect(shown.contains("\"Commute\"") && shown.contains("3600"), "\(shown)")
  }

  @Test func aJourneyTheTableRefusesAsMergedStillTakesTheEditsOfItsOtherFields() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "Commute", "--start", "2026-01-01T08:00:00Z")
      .expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let id = try #require(try await machines.run("a", "list", "--format", "ids").lines.first)
    // Each edit is valid alone; together they end after the year 9999.
    try await machines.run("a", "set", id, "start=9999-12-01T00:00:00Z").expectSuccess()
    try await machines.run("b", "set", id, "duration=5184000").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("a", "set", id, "name=Renamed on a").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(
      try await machines.run("b", "show", id, "--format", "json").standardOutput.contains(
        "Renamed on a"))
    try await machines.run("b", "set", id, "name=Renamed on b").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    #expect(
      try await machines.run("a", "show", id, "--format", "json").standardOutput.contains(
        "Renamed on b"))
  }
}
