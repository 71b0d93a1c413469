import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync` on the real binary with files someone else put on the remote, made by real
/// programs (`mkfifo`, `ln -s`, `truncate`, `cp`, python3): only regular files of a bounded size
/// are read, nothing is read or written through a symbolic link, a leftover of a killed write is
/// removed by its writer, and text from the remote reaches the terminal escaped.
@Suite("roadtrip sync: the remote's files are untrusted")
struct SyncCommandUntrustedFileTests {
  typealias Machines = SyncCommandTests.Machines

  /// Two replicas that synced once through the folder remote: `a` then `b`.
  static func twoReplicas() async throws -> Machines {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    return machines
  }

  /// The replica id of database `name`, as `sync --status` says it.
  static func replica(_ name: String, in machines: Machines) async throws -> String {
    let status = try await machines.run(name, "sync", "--status").standardOutput
    return try #require(
      status.split(separator: "\n").first { $0.hasPrefix("replica: ") }.map {
        String($0.dropFirst(9))
      })
  }

  /// Runs a program to its end; it must succeed.
  static func shell(_ machines: Machines, _ executable: String, _ arguments: String...) async throws {
    let result = try await Child.run(
      executable, arguments, environment: machines.sandbox.environment, in: machines.sandbox.folder,
      timeout: .seconds(30))
    result.expectSuccess("\(executable) \(arguments)")
  }

  /// Runs `roadtrip` for database `name`, killed past 30 seconds (a sync that hangs fails the
  /// test instead of stopping it).
  static func bounded(_ machines: Machines, _ name: String, _ arguments: String...) async throws
    -> CommandResult
  {
    try await machines.sandbox.runBounded(
      arguments, environment: ["ROADTRIP_DB": machines.path(name)], timeout: .seconds(30))
  }

  /// A FIFO named as another replica's change file is refused by name without being opened for
  /// a read that waits: the sync completes, and `roadtrip add` meanwhile is never locked out.
  @Test func aFIFONamedAsAChangeFileIsRefusedAndNeverHoldsTheDatabase() async throws {
    let machines = try await Self.twoReplicas()
    let stranger = UUID().uuidString.lowercased()
    let folder = machines.remote + "/replicas/" + stranger
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await Self.shell(machines, "/usr/bin/mkfifo", folder + "/000000001.rtc")
    try await machines.run("b", "add", "Second trip of b").expectSuccess()
    try await Self.bounded(machines, "b", "sync").expectExit(65)
    let sync = try machines.sandbox.start(["sync"], environment: ["ROADTRIP_DB": machines.path("a")])
    let added = try await machines.sandbox.runBounded(
      ["add", "Meanwhile"],
      environment: ["ROADTRIP_DB": machines.path("a"), "ROADTRIP_BUSY_TIMEOUT": "5000"],
      timeout: .seconds(30))
    added.expectSuccess()
    let synced = try await sync.finish(within: .seconds(30))
    synced.expectExit(65)
    #expect(
      synced.standardError.contains(
        "replicas/\(stranger)/000000001.rtc (it is a FIFO, not a regular file; remove it from "
          + "the remote)"), "\(synced)")
    // What b sent arrived all the same.
    #expect(try await machines.table("a").contains("Second trip of b"), "\(synced)")
  }

  /// A change file that is a symbolic link to `/dev/zero` is refused as a link, never read; so
  /// is one to a regular file outside the remote.
  @Test func aChangeFileLinkedToDevZeroIsRefusedUnread() async throws {
    let machines = try await Self.twoReplicas()
    let stranger = UUID().uuidString.lowercased()
    let folder = machines.remote + "/replicas/" + stranger
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await Self.shell(machines, "/bin/ln", "-s", "/dev/zero", folder + "/000000001.rtc")
    let synced = try await Self.bounded(machines, "a", "sync")
    synced.expectExit(65)
    #expect(
      synced.standardError.contains(
        "replicas/\(stranger)/000000001.rtc (it is a symbolic link, not a regular file; remove it "
          + "from the remote)"), "\(synced)")
    #expect(try await machines.table("a").contains("Trip of b"))
  }

  /// A sparse file larger than the largest file a remote may hold, under the name of a snapshot
  /// a new replica would join from and of a change file, is refused by its size, unread.
  @Test func aFileLargerThanTheCapIsRefusedUnread() async throws {
    let machines = try await Self.twoReplicas()
    let stranger = UUID().uuidString.lowercased()
    let folder = machines.remote + "/replicas/" + stranger
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let size = RemoteFolder.largestFile + 1
    try await Self.shell(machines, "/usr/bin/truncate", "-s", String(size), folder + "/000000001.rtc")
    let snapshots = machines.remote + "/snapshots"
    try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
    try await Self.shell(
      machines, "/usr/bin/truncate", "-s", String(size),
      snapshots + "/\(stranger)-000000009.rts")
    let synced = try await Self.bounded(machines, "c", "sync", machines.remote)
    synced.expectExit(65)
    let tooLarge = "it holds \(size) bytes, more than the \(RemoteFolder.largestFile) a file of a "
      + "remote may hold; remove it from the remote"
    #expect(
      synced.standardError.contains("replicas/\(stranger)/000000001.rtc (\(tooLarge))"), "\(synced)")
    #expect(
      synced.standardError.contains("snapshots/\(stranger)-000000009.rts (\(tooLarge))"), "\(synced)")
    // The new replica joined from the change files instead.
    let table = try await machines.table("c")
    #expect(table.contains("Trip of a") && table.contains("Trip of b"), "\(synced)")
  }

  /// A replica's own folder replaced by a symbolic link to a folder outside the remote: the
  /// sync writes nothing there, and says which folder to remove; once it is removed, the files
  /// go to the remote.
  @Test func aLinkedOwnReplicaFolderNeverMakesTheSyncWriteOutsideTheRemote() async throws {
    let machines = try await Self.twoReplicas()
    let replica = try await Self.replica("a", in: machines)
    let own = machines.remote + "/replicas/" + replica
    let outside = machines.sandbox.folder.file("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try FileManager.default.removeItem(atPath: own)
    try await Self.shell(machines, "/bin/ln", "-s", outside, own)
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    let refused = try await Self.bounded(machines, "a", "sync")
    refused.expectExit(74)
    #expect(
      refused.standardError.contains(
        "cannot write \(own): it is a symbolic link, not a folder; remove it from the remote"),
      "\(refused)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [], "\(refused)")
    // What b sent was received all the same.
    #expect(try await machines.table("a").contains("Trip of b"))
    try FileManager.default.removeItem(atPath: own)
    try await Self.bounded(machines, "a", "sync").expectSuccess()
    try await Self.bounded(machines, "b", "sync").expectSuccess()
    #expect(try await machines.table("b").contains("Second trip of a"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
  }

  /// `replicas` itself a link to a folder outside the remote: nothing is written there either.
  @Test func aLinkedReplicasFolderNeverMakesTheSyncWriteOutsideTheRemote() async throws {
    let machines = try await Self.twoReplicas()
    let outside = machines.sandbox.folder.file("outside")
    try FileManager.default.moveItem(atPath: machines.remote + "/replicas", toPath: outside)
    try await Self.shell(machines, "/bin/ln", "-s", outside, machines.remote + "/replicas")
    let before = try FileManager.default.subpathsOfDirectory(atPath: outside).sorted()
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    let refused = try await Self.bounded(machines, "a", "sync")
    #expect(refused.exitCode != 0, "\(refused)")
    #expect(
      refused.standardError.contains(
        "\(machines.remote)/replicas: it is a symbolic link, not a folder"), "\(refused)")
    #expect(try FileManager.default.subpathsOfDirectory(atPath: outside).sorted() == before)
  }

  /// A sync killed between writing a file and linking it into place leaves its temporary copy
  /// (here made with `cp`, as the kill would leave it): the writer's next sync that writes the
  /// file removes it; another replica's temporary files are left alone.
  @Test func aLeftoverTemporaryFileIsRemovedByItsWritersNextSync() async throws {
    let machines = try await Self.twoReplicas()
    let replica = try await Self.replica("a", in: machines)
    let own = machines.remote + "/replicas/" + replica
    let leftover = own + "/.000000002.rtc.tmp-0badf00d"
    let older = own + "/.000000001.rtc.tmp-5eed5eed"
    try await Self.shell(machines, "/bin/cp", own + "/000000001.rtc", leftover)
    try await Self.shell(machines, "/bin/cp", own + "/000000001.rtc", older)
    let replicaB = try await Self.replica("b", in: machines)
    let othersLeftover = machines.remote + "/replicas/\(replicaB)/.000000001.rtc.tmp-0ddba11"
    try await Self.shell(machines, "/bin/cp", own + "/000000001.rtc", othersLeftover)
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    try await Self.bounded(machines, "a", "sync").expectSuccess()
    #expect(FileManager.default.fileExists(atPath: own + "/000000002.rtc"))
    #expect(!FileManager.default.fileExists(atPath: leftover))
    #expect(!FileManager.default.fileExists(atPath: older))
    #expect(FileManager.default.fileExists(atPath: othersLeftover))
    try await Self.bounded(machines, "b", "sync").expectSuccess()
    #expect(try await machines.table("b") == machines.table("a"))
  }

  /// Files whose header names a replica, or whose changeset names a table, made of escape
  /// sequences (retitle the terminal, clear the screen): the refusals name them escaped, and no
  /// ESC byte reaches standard error.
  @Test func textFromTheRemoteReachesTheTerminalEscaped() async throws {
    let machines = try await Self.twoReplicas()
    let replica = try await Self.replica("a", in: machines)
    let original = machines.remote + "/replicas/\(replica)/000000001.rtc"
    let forged = UUID().uuidString.lowercased()
    let renamed = UUID().uuidString.lowercased()
    for folder in [forged, renamed] {
      try FileManager.default.createDirectory(
        atPath: machines.remote + "/replicas/" + folder, withIntermediateDirectories: true)
    }
    // python3 rewrites a's file: the header's replica, or the changeset's table name (as long
    // as "journey"), and the digest after them.
    let script = """
      import json, struct, sys
      source, target, mode = sys.argv[1], sys.argv[2], sys.argv[3]
      data = open(source, "rb").read()[:-16]
      length = struct.unpack("<I", data[8:12])[0]
      header = json.loads(data[12:12 + length])
      body = data[12 + length:]
      if mode == "replica":
          header["replica"] = "\\x1b]0;owned\\x07\\x1b[2J"
      else:
          header["replica"] = sys.argv[4]
          body = body.replace(b"journey\\x00", b"\\x1b[2J\\x1b]0\\x00")
      encoded = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
      data = data[:8] + struct.pack("<I", len(encoded)) + encoded + body
      first, second = 0xcbf29ce484222325, 0x6c62272e07bb0142
      for byte in data:
          first = ((first ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
          second = ((second ^ (byte ^ 0x5a)) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
      open(target, "wb").write(data + struct.pack("<Q", first) + struct.pack("<Q", second))
      """
    try await Self.shell(
      machines, "/usr/bin/python3", "-c", script, original,
      machines.remote + "/replicas/\(forged)/000000001.rtc", "replica")
    try await Self.shell(
      machines, "/usr/bin/python3", "-c", script, original,
      machines.remote + "/replicas/\(renamed)/000000001.rtc", "table", renamed)
    let synced = try await Self.bounded(machines, "c", "sync", machines.remote)
    synced.expectExit(65)
    #expect(!synced.standardError.contains("\u{1B}"), "\(synced)")
    #expect(synced.standardError.contains(#"replica \u{1B}]0;owned\u{7}\u{1B}[2J"#), "\(synced)")
    #expect(synced.standardError.contains(#"table \u{1B}[2J\u{1B}]0"#), "\(synced)")
  }
}
