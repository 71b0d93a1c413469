import Foundation
import Testing

@testable import JourneyStore

/// A replica knows its remote and its own files, on the real binary: copies of its files that
/// do not open are no copy of the database, a remote cannot be turned plain, a secret in the
/// environment is its bytes, a file-sync engine's conflict copy is a copy of the database whose
/// changes all arrive, and a file of its own damaged or missing on the remote is sent again.
/// The outside hands (an attacker, a file-sync engine, a damaged disk) are the shell's `cp`,
/// `mv`, `rm`, `truncate` and python3.
@Suite("roadtrip sync, a replica's own files")
struct SyncOwnFilesCommandTests {
  typealias Machines = SyncCommandTests.Machines

  /// Runs a program of the system (`cp`, `mv`, `truncate`, `python3`) in the sandbox.
  static func outside(_ machines: Machines, _ program: String, _ arguments: String...)
    async throws
  {
    try await Child.run(
      program, arguments, environment: machines.sandbox.environment, in: machines.sandbox.folder
    ).expectSuccess("\(program)")
  }

  /// The replica id `sync --status` gives.
  static func replica(_ machines: Machines, _ name: String) async throws -> String {
    let status = try await machines.run(name, "sync", "--status")
    return try #require(
      status.lines.first { $0.hasPrefix("replica: ") }.map { String($0.dropFirst(9)) })
  }

  /// The names of the journeys, sorted.
  static func names(_ machines: Machines, _ name: String) async throws -> [String] {
    try await machines.sqlite3(name, "SELECT name FROM journey ORDER BY name").lines
  }

  /// Finding 6: an attacker without the secret copies A's sealed file under A's next seq. It
  /// does not open under that name: refused by name (exit 65, saying to remove it), and A keeps
  /// its id; once removed, A sends its next file there and B receives it.
  @Test func aSealedFileCopiedUnderTheNextSeqIsRefusedAndTheReplicaKeepsItsID() async throws {
    let machines = try SyncCommandEncryptionTests.Machines()
    let secret = machines.file("secret")
    try await machines.run("a", "add", "First").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    let a = try await Self.replica(machines.machines, "a")
    let folder = machines.remote + "/replicas/" + a
    try await Self.outside(
      machines.machines, "/bin/cp", folder + "/000000001.rtc", folder + "/000000002.rtc")

    let refused = try await machines.run("a", "sync", "--secret-file", secret)
    refused.expectExit(65)
    #expect(!refused.standardError.contains("another copy of this database"), "\(refused)")
    #expect(refused.standardError.contains("replicas/\(a)/000000002.rtc"), "\(refused)")
    #expect(refused.standardError.contains("keeps its id"), "\(refused)")
    #expect(refused.standardError.contains("remove it"), "\(refused)")
    #expect(try await Self.replica(machines.machines, "a") == a)

    try FileManager.default.removeItem(atPath: folder + "/000000002.rtc")
    try await machines.run("a", "add", "Second").expectSuccess()
    try await machines.run("a", "sync", "--secret-file", secret).expectSuccess()
    #expect(try await Self.replica(machines.machines, "a") == a)
    try await machines.run("b", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    #expect(try await Self.names(machines.machines, "b") == ["First", "Second"])
  }

  /// Finding 7: removing the `encryption` member of `roadtrip-remote.json` does not make the
  /// remote plain for a database that synced with it encrypted: refused (65), with or without
  /// the secret, the database and the remote as they were.
  @Test func anEncryptedRemoteMadePlainIsRefused() async throws {
    let machines = try SyncCommandEncryptionTests.Machines()
    let secret = machines.file("secret")
    try await machines.run("a", "add", "Before").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    try await Self.outside(
      machines.machines, "/usr/bin/python3", "-c",
      """
      import json, sys
      path = sys.argv[1] + '/roadtrip-remote.json'
      identity = json.load(open(path))
      del identity['encryption']
      open(path, 'w').write(json.dumps(identity))
      """, machines.remote)
    try await machines.run("a", "add", "Clandestine").expectSuccess()
    let database = machines.machines.path("a")
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let filesBefore = try machines.remoteFiles().keys.sorted()
    for secretArguments in [[], ["--secret-file", secret]] {
      let refused = try await machines.machines.sandbox.run(
        ["sync"] + secretArguments, environment: ["ROADTRIP_DB": database])
      refused.expectExit(65)
      #expect(
        refused.standardError.contains(
          "roadtrip-remote.json says the remote is not encrypted, but this database synced with "
            + "it encrypted (key id "), "\(refused)")
      #expect(refused.standardError.contains("put roadtrip-remote.json back"), "\(refused)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    #expect(try machines.remoteFiles().keys.sorted() == filesBefore)
    for bytes in try machines.remoteFiles().values {
      #expect(bytes.range(of: Data("Clandestine".utf8)) == nil)
    }
  }

  /// Finding 10: the bytes ff fe as a secret give the same key from `--secret-file` and from
  /// `ROADTRIP_SYNC_SECRET` (set by the shell, as bytes): two databases converge.
  @Test func aSecretThatIsNotUTF8GivesTheSameKeyFromTheEnvironment() async throws {
    let machines = try Machines()
    let secret = machines.sandbox.folder.file("secret")
    try Data([0xff, 0xfe]).write(to: URL(fileURLWithPath: secret))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
    try await machines.run("a", "add", "From a").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    try await machines.run("b", "add", "From b").expectSuccess()
    var environment = machines.sandbox.environment
    environment["ROADTRIP_DB"] = machines.path("b")
    let fromVariable = try await Child.run(
      "/bin/sh",
      [
        "-c", "ROADTRIP_SYNC_SECRET=\"$(printf '\\377\\376')\" exec \"$0\" sync \"$1\"",
        RoadtripBinary.path, machines.remote,
      ], environment: environment, in: machines.sandbox.folder)
    fromVariable.expectSuccess()
    try await machines.run("a", "sync", "--secret-file", secret).expectSuccess()
    #expect(try await Self.names(machines, "a") == ["From a", "From b"])
    #expect(try await machines.table("a") == machines.table("b"))
  }

  /// Finding 16: a file of another remote sealed with the same secret is named as another
  /// remote's file (its key id differs: the other remote's salt), not as another secret's.
  @Test func aFileOfAnotherRemoteWithTheSameSecretIsNamedAsSuch() async throws {
    let machines = try SyncCommandEncryptionTests.Machines()
    let secret = machines.file("secret")
    let other = machines.file("other-remote")
    try await machines.run("a", "add", "Here").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    try await machines.run("c", "add", "Elsewhere").expectSuccess()
    try await machines.run("c", "sync", other, "--secret-file", secret).expectSuccess()
    let c = try await Self.replica(machines.machines, "c")
    try await Self.outside(
      machines.machines, "/bin/cp", "-r", other + "/replicas/" + c, machines.remote + "/replicas/")
    let refused = try await machines.run("a", "sync", "--secret-file", secret)
    refused.expectExit(65)
    #expect(
      refused.standardError.contains(
        "replicas/\(c)/000000001.rtc is another remote's file: it was sealed with another key"),
      "\(refused)")
    #expect(!refused.standardError.contains("written with another secret"), "\(refused)")
  }

  /// Finding 11: a database copied to a second machine, both syncing through a folder that
  /// Syncthing replicates. Both write `replicas/<id>/000000002.rtc`; Syncthing keeps the first
  /// and renames the second's `000000002.sync-conflict-….rtc`. The copy takes a new id and sends
  /// its change again from the conflict copy: every replica, a third one too, ends with both.
  @Test func aSyncthingConflictCopyOfOurFileIsACopyAndBothChangesArrive() async throws {
    let machines = try Machines()
    let laptopRemote = machines.remote
    let desktopRemote = machines.sandbox.folder.file("desktop-remote")
    try await machines.run("a", "add", "Before the copy").expectSuccess()
    try await machines.run("a", "sync", laptopRemote).expectSuccess()
    // The database copied to the desktop, and the folder as Syncthing keeps it there.
    try await machines.sqlite3("a", ".backup '\(machines.path("b"))'").expectSuccess()
    try await Self.outside(machines, "/bin/cp", "-r", laptopRemote, desktopRemote)
    let id = try await Self.replica(machines, "a")

    try await machines.run("a", "add", "On the laptop").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "add", "On the desktop").expectSuccess()
    try await machines.run("b", "sync", desktopRemote).expectSuccess()
    // Syncthing: the desktop's file loses, renamed beside the laptop's, and both folders end
    // the same (the desktop then syncs with the laptop's folder, which is as its own).
    let name = "/replicas/\(id)/000000002"
    try await Self.outside(
      machines, "/bin/mv", desktopRemote + name + ".rtc",
      laptopRemote + name + ".sync-conflict-20261128-101500-ABCDEFG.rtc")

    for database in ["b", "a", "c", "b", "a", "c"] {
      let result = try await machines.run(database, "sync", laptopRemote)
      result.expectSuccess("\(database)")
    }
    let expected = ["Before the copy", "On the desktop", "On the laptop"]
    for database in ["a", "b", "c"] {
      #expect(try await Self.names(machines, database) == expected, "\(database)")
    }
    #expect(try await Self.replica(machines, "b") != id)
    #expect(try await machines.table("a") == machines.table("c"))
  }

  /// Finding 12, damaged: A's file cut to 40 bytes. B refuses it (65) and holds A back, and says
  /// so in `--status`; A's next sync finds it by its size and sends it again (its history pruned
  /// meanwhile: the file is made again from the merge state); B then receives everything.
  @Test func aDamagedFileIsSentAgainByItsWriter() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "One").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    try await machines.run("a", "add", "Two").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("a", "add", "Three").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let a = try await Self.replica(machines, "a")
    let damaged = "replicas/\(a)/000000002.rtc"
    try await Self.outside(machines, "/usr/bin/truncate", "-s", "40", machines.remote + "/" + damaged)

    let refused = try await machines.run("b", "sync")
    refused.expectExit(65)
    #expect(refused.standardError.contains("held back replica \(a) from \(damaged)"), "\(refused)")
    let status = try await machines.run("b", "sync", "--status")
    #expect(status.standardOutput.contains("held back: replica \(a) from \(damaged)"), "\(status)")
    #expect(!status.standardOutput.contains("Up to date"), "\(status)")
    #expect(try await Self.names(machines, "b") == ["One"])

    try await machines.run("a", "history", "prune", "--keep", "1", "--yes").expectSuccess()
    let repaired = try await machines.run("a", "sync")
    repaired.expectSuccess()
    #expect(
      repaired.standardError.contains("sent \(damaged) again: it was damaged on the remote"),
      "\(repaired)")
    try await machines.run("b", "sync").expectSuccess()
    #expect(try await Self.names(machines, "b") == ["One", "Three", "Two"])
    #expect(try await machines.table("a") == machines.table("b"))
    let after = try await machines.run("b", "sync", "--status")
    #expect(after.standardOutput.contains("Up to date"), "\(after)")
    #expect(!after.standardOutput.contains("held back"), "\(after)")
  }

  /// A file of A's own written over in place with its size kept (python3 changes 8 bytes in
  /// its middle): A's next sync notices it by its time, reads it, and sends it again; B, which
  /// never synced before, then applies every file of A.
  @Test func aFileWrittenOverKeepingItsSizeIsSentAgainByItsWriter() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "One").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("a", "add", "Two").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let a = try await Self.replica(machines, "a")
    let damaged = "replicas/\(a)/000000001.rtc"
    let path = machines.remote + "/" + damaged
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    try await Self.outside(
      machines, "/usr/bin/python3", "-c",
      """
      import sys
      with open(sys.argv[1], 'r+b') as file:
          file.seek(int(sys.argv[2]) // 2)
          middle = file.read(8)
          file.seek(int(sys.argv[2]) // 2)
          file.write(bytes(byte ^ 0xff for byte in middle))
      """, path, String(size))
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)

    let repaired = try await machines.run("a", "sync")
    repaired.expectSuccess()
    #expect(
      repaired.standardError.contains("sent \(damaged) again: it was damaged on the remote"),
      "\(repaired)")
    let again = try await machines.run("a", "sync")
    again.expectSuccess()
    #expect(!again.standardError.contains("again"), "\(again)")
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    #expect(try await Self.names(machines, "b") == ["One", "Two"])
    #expect(try await machines.table("a") == machines.table("b"))
  }

  /// Finding 12, missing: A's second file removed. A new replica B receives the first, holds A
  /// back and says so (exit 0: a file may not have arrived yet), never "Up to date"; A's next
  /// sync finds the file missing and sends it again, and B receives everything.
  @Test func aMissingFileIsSentAgainByItsWriter() async throws {
    let machines = try Machines()
    for name in ["One", "Two", "Three"] {
      try await machines.run("a", "add", name).expectSuccess()
      try await machines.run("a", "sync", machines.remote).expectSuccess()
    }
    let a = try await Self.replica(machines, "a")
    let missing = "replicas/\(a)/000000002.rtc"
    try FileManager.default.removeItem(atPath: machines.remote + "/" + missing)

    let held = try await machines.run("b", "sync", machines.remote)
    held.expectSuccess()
    #expect(held.standardError.contains("held back replica \(a) from \(missing)"), "\(held)")
    #expect(try await Self.names(machines, "b") == ["One"])
    let status = try await machines.run("b", "sync", "--status")
    #expect(status.standardOutput.contains("held back: replica \(a) from \(missing)"), "\(status)")
    #expect(!status.standardOutput.contains("Up to date"), "\(status)")

    let repaired = try await machines.run("a", "sync")
    repaired.expectSuccess()
    #expect(
      repaired.standardError.contains("sent \(missing) again: it was missing from the remote"),
      "\(repaired)")
    try await machines.run("b", "sync").expectSuccess()
    #expect(try await Self.names(machines, "b") == ["One", "Three", "Two"])
    #expect(try await machines.run("b", "sync", "--status").standardOutput.contains("Up to date"))
  }

  /// A lost file that held an edit is made again with that edit: an update whose old values the
  /// merge state does not know is still an update (a changeset drops one whose old and new
  /// values are equal).
  @Test func anEditInAMissingFileArrivesWhenItIsSentAgain() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "One").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let id = try #require(try await machines.run("a", "list", "--format", "ids").lines.first)
    try await machines.run("a", "set", id, "name=Renamed", "transport=bus").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let a = try await Self.replica(machines, "a")
    let missing = machines.remote + "/replicas/\(a)/000000002.rtc"
    try await Self.outside(machines, "/bin/rm", missing)
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(try await Self.names(machines, "b") == ["Renamed"])
    let shown = try await machines.run("b", "show", id, "--json")
    #expect(shown.standardOutput.contains("\"transportationType\":\"bus\""), "\(shown)")
  }
}
