import Foundation
import Testing

@testable import JourneyStore

/// A lost remote on the real binary (SYNC.md, "A lost remote"): a remembered remote that is
/// missing or empty is never made again, a refused sync writes nothing, and `sync --new-remote`
/// moves every database to a new remote without losing an edit.
@Suite("roadtrip sync --new-remote")
struct SyncNewRemoteCommandTests {
  typealias Machines = SyncCommandTests.Machines

  /// Every file and folder under `path`, relative to it; empty when there is none.
  static func listing(_ path: String) -> [String] {
    (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
  }

  /// `rm -rf PATH`, as a user removes a folder.
  static func remove(_ path: String, in machines: Machines) async throws {
    try await Child.run(
      "/bin/rm", ["-rf", path], environment: machines.sandbox.environment,
      in: machines.sandbox.folder
    ).expectSuccess("rm")
  }

  @Test func aRemovedOrEmptyRemoteIsNeverMadeAgainAndNothingIsWritten() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Before the loss").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("a", "add", "After the loss").expectSuccess()
    try await Self.remove(machines.remote, in: machines)
    let before = machines.sandbox.bytes(of: machines.path("a"))
    let missing = try await machines.run("a", "sync")
    missing.expectExit(74)
    #expect(
      missing.standardError.contains(
        "the remote \(machines.remote) is missing or empty (not mounted?)"), "\(missing)")
    #expect(missing.standardError.contains("'roadtrip sync --new-remote REMOTE'"), "\(missing)")
    #expect(!FileManager.default.fileExists(atPath: machines.remote), "made again")
    #expect(machines.sandbox.bytes(of: machines.path("a")) == before)
    // Named, as a mount point left empty: the same.
    try FileManager.default.createDirectory(atPath: machines.remote, withIntermediateDirectories: false)
    try await machines.run("a", "sync", machines.remote).expectExit(74)
    #expect(Self.listing(machines.remote).isEmpty)
    // Another new folder: refused without --new-remote, and its parents are not made.
    let elsewhere = machines.sandbox.folder.file("stick/journeys")
    let other = try await machines.run("a", "sync", elsewhere)
    other.expectExit(64)
    #expect(
      other.standardError.contains("run 'roadtrip sync --new-remote \(elsewhere)'"), "\(other)")
    #expect(!FileManager.default.fileExists(atPath: machines.sandbox.folder.file("stick")))
    #expect(machines.sandbox.bytes(of: machines.path("a")) == before)
    #expect(
      try await machines.run("a", "sync", "--status").standardOutput.contains(
        "remote: \(machines.remote) (folder)"))
  }

  /// The remote on a file system that is not mounted at the moment: its mount point is empty.
  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason))
  func aRemoteOnAStickThatIsNotMountedIsMissing() async throws {
    let machines = try Machines()
    let stick = try TemporaryMount(size: "4m", in: machines.sandbox.folder)
    try await machines.run("a", "add", "On the stick").expectSuccess()
    try await machines.run("a", "sync", stick.file("journeys")).expectSuccess()
    try await Child.run(
      "/usr/bin/umount", [stick.path], environment: machines.sandbox.environment,
      in: machines.sandbox.folder
    ).expectSuccess("umount")
    let unmounted = try await machines.run("a", "sync")
    unmounted.expectExit(74)
    #expect(unmounted.standardError.contains("(not mounted?)"), "\(unmounted)")
    #expect(Self.listing(stick.path).isEmpty, "written where the stick is mounted")
  }

  /// Three databases lose their remote with edits none of the others received; each has made
  /// more edits since, some of the same field. A starts a new remote, B and C join it: every
  /// edit arrives everywhere, the same-field edits merge as usual (a conflict listed), and
  /// `--status` says up to date on each.
  @Test func everyDatabaseMovesToTheNewRemoteAndNothingIsLost() async throws {
    let machines = try Machines()
    for name in ["a", "b", "c"] {
      try await machines.run(name, "add", "Trip of \(name)", "--transport", "car").expectSuccess()
      try await machines.run(name, "sync", machines.remote).expectSuccess()
    }
    for name in ["a", "b", "c", "a"] { try await machines.run(name, "sync").expectSuccess() }
    let ids = try await machines.run("a", "list", "--format", "ids").lines
    try #require(ids.count == 3)
    // Sent to the remote that is then lost, before anyone else received them.
    try await machines.run("a", "set", ids[0], "name=Renamed on a").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("c", "set", ids[1], "duration=2h").expectSuccess()
    try await machines.run("c", "sync").expectSuccess()
    try await Self.remove(machines.remote, in: machines)
    // Made while the remote was lost.
    try await machines.run("a", "set", ids[2], "transport=bus").expectSuccess()
    try await machines.run("b", "set", ids[0], "name=Renamed on b").expectSuccess()
    try await machines.run("b", "add", "New on b").expectSuccess()
    try await machines.run("c", "add", "New on c").expectSuccess()
    try await machines.run("b", "sync").expectExit(74)

    let fresh = machines.sandbox.folder.file("fresh")
    let started = try await machines.run("a", "sync", "--new-remote", fresh)
    started.expectSuccess()
    #expect(started.standardError.contains("made \(fresh) a roadtrip remote"), "\(started)")
    #expect(
      started.standardError.contains(
        "sent every journey this database holds to \(fresh) (3 journeys in snapshots/"),
      "\(started)")
    for name in ["b", "c"] {
      let joined = try await machines.run(name, "sync", "--new-remote", fresh)
      joined.expectSuccess()
      #expect(joined.standardError.contains("sent every journey this database holds"), "\(joined)")
    }
    for name in ["a", "b", "c", "a", "b", "c"] {
      try await machines.run(name, "sync").expectSuccess()
    }
    let table = try await machines.table("a")
    #expect(try await machines.table("b") == table)
    #expect(try await machines.table("c") == table)
    for expected in ["New on b", "New on c", "bus", "7200.0", "Renamed on b"] {
      #expect(table.contains(expected), "\(expected) lost: \(table)")
    }
    // b renamed later, without having seen a's rename: a's is the conflict's loser.
    let conflicts = try await machines.run("a", "sync", "conflicts", "--format", "ndjson")
    #expect(conflicts.standardOutput.contains("\"lost\":\"Renamed on a\""), "\(conflicts)")
    for name in ["a", "b", "c"] {
      let status = try await machines.run(name, "sync", "--status")
      #expect(status.standardOutput.contains("remote: \(fresh) (folder)"), "\(status)")
      #expect(status.standardOutput.hasSuffix("Up to date (as of the last sync).\n"), "\(status)")
      try await machines.run(name, "db", "check").expectSuccess()
    }
    // A new database joins the new remote from its snapshots and files.
    try await machines.run("d", "sync", fresh).expectSuccess()
    #expect(try await machines.table("d") == table)
  }

  @Test func theRemoteItSyncsWithIsSyncedAsUsualAndAnotherDatabasesIsRefused() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    let same = try await machines.run("a", "sync", "--new-remote", machines.remote)
    same.expectSuccess()
    #expect(
      same.standardError.contains(
        "\(machines.remote) is this database's remote already: synced as usual"), "\(same)")
    #expect(!same.standardError.contains("sent every journey"), "\(same)")
    // Another database's remote: none of its replicas ever synced with a.
    let theirs = machines.sandbox.folder.file("theirs")
    try await machines.run("e", "add", "Trip of e").expectSuccess()
    try await machines.run("e", "sync", theirs).expectSuccess()
    let files = Self.listing(theirs)
    let before = machines.sandbox.bytes(of: machines.path("a"))
    let refused = try await machines.run("a", "sync", "--new-remote", theirs)
    refused.expectExit(65)
    #expect(
      refused.standardError.contains("\(theirs) is another journey database's remote"),
      "\(refused)")
    #expect(Self.listing(theirs) == files)
    #expect(machines.sandbox.bytes(of: machines.path("a")) == before)
    // Without --new-remote, the message says how a replacement is joined.
    let plain = try await machines.run("a", "sync", theirs)
    plain.expectExit(65)
    #expect(plain.standardError.contains("'roadtrip sync --new-remote \(theirs)'"), "\(plain)")
    // Usage.
    try await machines.run("a", "sync", theirs, "--new-remote", theirs).expectExit(64)
    try await machines.run("a", "sync", "--status", "--new-remote", theirs).expectExit(64)
  }

  /// Through git: a repository that is gone is a lost remote too (its fetch fails, exit 74,
  /// saying how to start a new one); `--new-remote` to another repository moves both databases.
  @Test func aGoneGitRepositoryIsRefusedAndANewOneIsJoined() async throws {
    let git = try SyncCommandGitTests.Machines()
    try await git.run("a", "add", "Trip of a").expectSuccess()
    try await git.run("a", "sync", git.repository).expectSuccess()
    try await git.run("b", "sync", git.repository).expectSuccess()
    try await Self.remove(git.repository, in: git.machines)
    let gone = try await git.run("a", "sync")
    gone.expectExit(74)
    #expect(
      gone.standardError.contains("if the repository is lost for good, 'roadtrip sync --new-remote"),
      "\(gone)")
    #expect(!FileManager.default.fileExists(atPath: git.repository))
    try await git.run("b", "add", "Trip of b").expectSuccess()
    let fresh = git.sandbox.folder.file("fresh.git")
    _ = try git.git(["init", "--quiet", "--bare", "--initial-branch=main", fresh])
    try await git.run("a", "sync", "--new-remote", fresh).expectSuccess()
    try await git.run("b", "sync", "--new-remote", fresh).expectSuccess()
    try await git.run("a", "sync").expectSuccess()
    #expect(try await git.table("a") == git.table("b"))
    #expect(try await git.table("a").contains("Trip of b"))
  }

  /// How a repository is emptied on its server.
  enum Emptying: String, CaseIterable, CustomTestStringConvertible {
    case branchDeleted = "its branch deleted"
    case madeAgainEmpty = "made again empty"
    var testDescription: String { rawValue }
  }

  /// Through git: a repository emptied on its server, while the cache's clone still holds its
  /// files, is a lost remote (exit 74, the `--new-remote` advice), and nothing is pushed to it
  /// nor written to the database; `--new-remote` with the same repository starts it again from
  /// the databases, and no edit is lost.
  @Test(arguments: Emptying.allCases)
  func aGitRepositoryEmptiedOnItsServerIsALostRemote(_ emptying: Emptying) async throws {
    let git = try SyncCommandGitTests.Machines()
    try await git.run("a", "add", "Trip of a").expectSuccess()
    try await git.run("a", "sync", git.repository).expectSuccess()
    try await git.run("b", "sync", git.repository).expectSuccess()
    switch emptying {
    case .branchDeleted:
      _ = try git.git(["--git-dir", git.repository, "update-ref", "-d", "refs/heads/main"])
    case .madeAgainEmpty:
      try await Self.remove(git.repository, in: git.machines)
      _ = try git.git(["init", "--quiet", "--bare", "--initial-branch=main", git.repository])
    }
    try await git.run("a", "add", "Edit of a").expectSuccess()
    let before = git.sandbox.bytes(of: git.machines.path("a"))
    let refused = try await git.run("a", "sync")
    refused.expectExit(74)
    #expect(refused.standardError.contains("is missing or empty (not mounted?)"), "\(refused)")
    #expect(refused.standardError.contains("'roadtrip sync --new-remote REMOTE'"), "\(refused)")
    #expect(git.sandbox.bytes(of: git.machines.path("a")) == before)
    #expect(try git.git(["--git-dir", git.repository, "for-each-ref", "refs/heads"]).isEmpty)

    try await git.run("b", "add", "Trip of b").expectSuccess()
    try await git.run("a", "sync", "--new-remote", git.repository).expectSuccess()
    try await git.run("b", "sync", "--new-remote", git.repository).expectSuccess()
    try await git.run("a", "sync").expectSuccess()
    #expect(try await git.table("a") == git.table("b"))
    let table = try await git.table("a")
    for trip in ["Trip of a", "Edit of a", "Trip of b"] { #expect(table.contains(trip)) }
  }
}
