import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync` through git where git users trip: a first push that fails, `--compact`,
/// and git run with no one to answer it.
@Suite("roadtrip sync through git: faults and compaction")
struct SyncCommandGitFaultTests {
  typealias Machines = SyncCommandGitTests.Machines

  /// The rtc files of the repository's `main`.
  static func changeFiles(_ machines: Machines) throws -> [String] {
    try machines.git("ls-tree", "-r", "--name-only", "main").split(separator: "\n")
      .map(String.init).filter { $0.hasSuffix(".rtc") }
  }

  @Test func aFirstPushThatFailsLeavesNoRemoteIDAndAnotherReplicasRemoteIsTakenNext()
    async throws
  {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\necho 'refused by the hook' >&2\nexit 1\n")
    let refused = try await machines.run("a", "sync", machines.repository)
    refused.expectExit(74)
    #expect(refused.standardError.contains("refused by the hook"), "\(refused)")
    #expect(try machines.git("rev-list", "--count", "--all") == "0\n")
    let waiting = try await machines.run("a", "sync", "--status")
    #expect(
      waiting.standardOutput.contains("files written but not on the remote yet: 1"), "\(waiting)")
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    // Meanwhile b makes the remote, with an id of its own.
    try await machines.run("b", "sync", machines.repository).expectSuccess()
    let again = try await machines.run("a", "sync")
    again.expectSuccess()
    #expect(!again.standardError.contains("another"), "\(again)")
    try await machines.run("b", "sync").expectSuccess()
    let table = try await machines.table("a")
    #expect(table == (try await machines.table("b")))
    #expect(table.contains("Trip of a") && table.contains("Trip of b"), "\(table)")
  }

  /// The same through an encrypted remote: a's file waits unsealed, and is sealed when it is
  /// written, with the key of the remote b made (another salt than the remote a's failed push
  /// made), so b opens it.
  @Test func aFileWaitingFromAFailedFirstPushOpensOnTheEncryptedRemoteAnotherReplicaMade()
    async throws
  {
    let machines = try Machines()
    let secret = ["ROADTRIP_SYNC_SECRET": "correct horse battery staple"]
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\nexit 1\n")
    let refused = try await machines.run("a", "sync", machines.repository, environment: secret)
    refused.expectExit(74)
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    try await machines.run("b", "sync", machines.repository, environment: secret).expectSuccess()
    let again = try await machines.run("a", "sync", environment: secret)
    again.expectSuccess()
    let received = try await machines.run("b", "sync", environment: secret)
    received.expectSuccess()
    let table = try await machines.table("b")
    #expect(table == (try await machines.table("a")))
    #expect(table.contains("Trip of a") && table.contains("Trip of b"), "\(table)")
  }

  @Test func aFirstPushThatFailedIsPushedByTheNextSync() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\nexit 1\n")
    try await machines.run("a", "sync", machines.repository).expectExit(74)
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    let again = try await machines.run("a", "sync")
    again.expectSuccess()
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    #expect(files.contains("roadtrip-remote.json"), "\(files)")
    #expect(try Self.changeFiles(machines).count == 1, "\(files)")
    let status = try await machines.run("a", "sync", "--status")
    #expect(status.standardOutput.hasSuffix("Up to date (as of the last sync).\n"), "\(status)")
    let joined = try await machines.run("b", "sync", machines.repository)
    #expect(joined.standardError.contains("received 1 change from 1 replica"), "\(joined)")
  }

  @Test func compactOnAGitRemoteRemovesTheFilesItCoversForGood() async throws {
    let machines = try Machines()
    for round in 0..<3 {
      for name in ["a", "b"] {
        try await machines.run(name, "add", "Trip \(round) of \(name)").expectSuccess()
        let result = try await machines.run(name, "sync", machines.repository)
        result.expectSuccess("\(name)")
      }
    }
    try await machines.run("a", "sync").expectSuccess()
    let before = try Self.changeFiles(machines)
    let compacted = try await machines.run("a", "sync", "--compact")
    compacted.expectSuccess()
    let after = try Self.changeFiles(machines)
    #expect(after.count < before.count, "before: \(before), after: \(after)")
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    #expect(files.contains("snapshots/"), "\(files)")
    // The next fetch does not bring them back, and a new database joins from the snapshot.
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    #expect(try Self.changeFiles(machines) == after)
    let joined = try await machines.run("c", "sync", machines.repository)
    joined.expectSuccess()
    #expect(joined.standardError.contains("joined from snapshots/"), "\(joined)")
    #expect(try await machines.table("c") == machines.table("a"))
  }

  /// A compaction that ended after writing its snapshot into the clone but before committing it
  /// (here `git add` of the snapshot fails) leaves the snapshot there, untracked: the next
  /// compaction, which makes the same snapshot, commits and pushes it before it removes the
  /// files it covers, so the remote never holds the removal without the snapshot.
  @Test func aSnapshotLeftInTheCloneIsPushedBeforeTheFilesItCoversAreRemoved() async throws {
    let machines = try Machines()
    for round in 0..<2 {
      for name in ["a", "b"] {
        try await machines.run(name, "add", "Trip \(round) of \(name)").expectSuccess()
        try await machines.run(name, "sync", machines.repository).expectSuccess()
      }
    }
    try await machines.run("a", "sync").expectSuccess()
    let path = try Self.wrappedGit(
      in: machines, named: "failing-git",
      "case \"$*\" in *\"add -- snapshots/\"*) echo 'add failed' >&2; exit 1;; esac")
    let failed = try await machines.run("a", "sync", "--compact", environment: ["PATH": path])
    #expect(failed.exitCode != 0, "\(failed)")
    let before = try Self.changeFiles(machines)
    #expect(!(try machines.git("ls-tree", "-r", "--name-only", "main")).contains("snapshots/"))
    let compacted = try await machines.run("a", "sync", "--compact")
    compacted.expectSuccess()
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    #expect(files.contains("snapshots/"), "\(files)")
    #expect(try Self.changeFiles(machines).count < before.count, "\(files)")
    let joined = try await machines.run("c", "sync", machines.repository)
    joined.expectSuccess()
    #expect(try await machines.table("c") == machines.table("a"))
  }

  /// `sync --compact` whose sync cannot push says what it received, compacts nothing and ends
  /// with the push's error (74); the next compaction completes.
  @Test func aCompactionWhosePushFailsSaysWhatItReceivedAndCompactsNothing() async throws {
    let machines = try Machines()
    for round in 0..<2 {
      for name in ["a", "b"] {
        try await machines.run(name, "add", "Trip \(round) of \(name)").expectSuccess()
        try await machines.run(name, "sync", machines.repository).expectSuccess()
      }
    }
    try await machines.run("a", "add", "Trip 2 of a").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\necho 'refused by the hook' >&2\nexit 1\n")
    let before = try Self.changeFiles(machines)
    let refused = try await machines.run("a", "sync", "--compact")
    refused.expectExit(74)
    #expect(refused.standardError.contains("received 1 change from 1 replica"), "\(refused)")
    #expect(refused.standardError.contains("nothing compacted: the sync could not send"), "\(refused)")
    #expect(refused.standardError.contains("refused by the hook"), "\(refused)")
    #expect(try Self.changeFiles(machines) == before)
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    let compacted = try await machines.run("a", "sync", "--compact")
    compacted.expectSuccess()
    #expect(try machines.git("ls-tree", "-r", "--name-only", "main").contains("snapshots/"))
  }

  @Test func aPushThatFailsAfterTheCommitSaysWhatWasReceivedAndTheNextSyncSends()
    async throws
  {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.repository).expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try await machines.run("b", "sync", machines.repository).expectSuccess()
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\nexit 1\n")
    let failed = try await machines.run("a", "sync")
    failed.expectExit(74)
    #expect(
      failed.standardError.hasPrefix(
        "nothing could be sent (the next sync sends it); received 1 change from 1 replica: "
          + "1 journey changed\nroadtrip: error: cannot push to \(machines.repository)"),
      "\(failed)")
    #expect(try await machines.table("a").contains("Trip of b"))
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    let again = try await machines.run("a", "sync")
    #expect(again.standardError.hasPrefix("sent 1 file of an earlier sync"), "\(again)")
    try await machines.run("b", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
  }

  /// A sync that refuses a damaged file and then cannot push says both, each on a line of its
  /// own, and ends with the push's exit code (74: try again), not only the refusal's (65).
  @Test func aRefusedFileAndAFailedPushAreBothSaid() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.repository).expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try await machines.run("b", "sync", machines.repository).expectSuccess()
    // Someone cuts b's file short in a clone of their own and pushes it.
    let status = try await machines.run("b", "sync", "--status").standardOutput
    let replica = try #require(
      status.split(separator: "\n").first { $0.hasPrefix("replica: ") }?.dropFirst(9))
    let name = "replicas/\(replica)/000000001.rtc"
    let work = machines.sandbox.folder.file("work")
    _ = try machines.git(["clone", "--quiet", machines.repository, work])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: work + "/" + name))
    try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: work + "/" + name))
    _ = try machines.git([
      "-C", work, "-c", "user.name=someone", "-c", "user.email=someone@localhost",
      "commit", "--quiet", "-am", "cut short",
    ])
    _ = try machines.git(["-C", work, "push", "--quiet"])
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    try machines.preReceiveHook("cat > /dev/null\necho 'refused by the hook' >&2\nexit 1\n")
    let failed = try await machines.run("a", "sync")
    failed.expectExit(74)
    let errors = failed.standardError.split(separator: "\n").filter {
      $0.hasPrefix("roadtrip: error: ")
    }
    #expect(errors.count == 2, "\(failed)")
    #expect(errors.first?.contains("refused a file of the remote: \(name)") == true, "\(failed)")
    #expect(errors.last?.hasPrefix("roadtrip: error: cannot push to") == true, "\(failed)")
    #expect(failed.standardError.contains("refused by the hook"), "\(failed)")
  }

  @Test func twoReplicasMakingAnEmptyRemoteAtOnceLoseNothingAndTheSecondSyncsNext()
    async throws
  {
    let machines = try Machines()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    try await machines.run("c", "add", "Trip of c").expectSuccess()
    // While b's first push waits for the repository, c makes the remote and pushes first: both
    // wrote a roadtrip-remote.json of their own.
    let armed = try machines.letSyncFirstDuringNextPush("c", ["sync", machines.repository])
    let first = try await machines.run("b", "sync", machines.repository)
    #expect(!FileManager.default.fileExists(atPath: armed))
    first.expectExit(1)
    #expect(first.standardError.contains("already has roadtrip-remote.json"), "\(first)")
    #expect(first.standardError.contains("nothing could be sent (the next sync sends it)"))
    let second = try await machines.run("b", "sync")
    second.expectSuccess()
    #expect(second.standardError.contains("received 1 change from 1 replica"), "\(second)")
    try await machines.run("c", "sync").expectSuccess()
    let table = try await machines.table("b")
    #expect(table == (try await machines.table("c")))
    #expect(table.contains("Trip of b") && table.contains("Trip of c"), "\(table)")
  }

  /// A `git` on the `PATH` that records, for each run, its arguments and the variables that
  /// say how it may wait, then runs the real one.
  static func recordingGit(in machines: Machines) throws -> (path: String, record: String) {
    let record = machines.sandbox.folder.file("git-runs")
    let path = try wrappedGit(
      in: machines, named: "recording-git",
      """
      echo "ssh=${GIT_SSH_COMMAND-unset} limit=${GIT_HTTP_LOW_SPEED_LIMIT-unset} \
      time=${GIT_HTTP_LOW_SPEED_TIME-unset} prompt=${GIT_TERMINAL_PROMPT-unset} args=$*" \
      >> \(record)
      """)
    return (path, record)
  }

  /// A `git` on the `PATH` that runs `script` (sh) before the real one, in a folder of its own.
  /// - Returns: The `PATH` that finds it first.
  static func wrappedGit(in machines: Machines, named name: String, _ script: String) throws -> String {
    let folder = machines.sandbox.folder.file(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try ShellScript.install("#!/bin/sh\n\(script)\nexec /usr/bin/git \"$@\"\n", at: folder + "/git")
    return folder + ":/usr/bin:/bin"
  }

  /// The recorded runs of `git clone`.
  static func clones(in record: String) throws -> [String] {
    let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    try FileManager.default.removeItem(atPath: record)
    return text.split(separator: "\n").map(String.init).filter { $0.contains("args=clone ") }
  }

  @Test func withoutATerminalGitGetsSSHInBatchModeAndAnHTTPLowSpeedLimit() async throws {
    let machines = try Machines()
    let (path, record) = try Self.recordingGit(in: machines)
    try await machines.run("a", "sync", machines.repository, environment: ["PATH": path])
      .expectSuccess()
    let unattended = try Self.clones(in: record)
    #expect(unattended.count == 1, "\(unattended)")
    #expect(unattended.first?.contains("ssh=\(GitRemote.batchSSHCommand) ") == true, "\(unattended)")
    #expect(unattended.first?.contains("limit=1000 time=60 prompt=0") == true, "\(unattended)")
    // The user's own choices stay: the variables, or git's configuration.
    let chosen = try await machines.run(
      "b", "sync", machines.repository,
      environment: [
        "PATH": path, "GIT_SSH_COMMAND": "ssh -i my-key", "GIT_HTTP_LOW_SPEED_LIMIT": "5",
      ])
    chosen.expectSuccess()
    let kept = try Self.clones(in: record)
    #expect(kept.first?.contains("ssh=ssh -i my-key limit=5 time=unset") == true, "\(kept)")
    try "[core]\n\tsshCommand = ssh -i configured\n[http]\n\tlowSpeedTime = 10\n".write(
      toFile: machines.gitConfig, atomically: false, encoding: .utf8)
    try await machines.run("c", "sync", machines.repository, environment: ["PATH": path])
      .expectSuccess()
    let configured = try Self.clones(in: record)
    #expect(configured.first?.contains("ssh=unset limit=unset time=unset") == true, "\(configured)")
    // On a terminal someone can answer: git is left as it is.
    try Data().write(to: URL(fileURLWithPath: machines.gitConfig))
    var environment = machines.environment("a")
    environment["PATH"] = path
    environment["XDG_CACHE_HOME"] = machines.sandbox.folder.file("cache-d")
    let terminal = try await machines.sandbox.runInTerminal(
      ["sync", machines.repository, "--db", machines.machines.path("d")], environment: environment)
    terminal.expectSuccess()
    let attended = try Self.clones(in: record)
    #expect(attended.first?.contains("ssh=unset limit=unset time=unset prompt=unset") == true,
      "\(attended)")
  }

  /// Without a terminal, ssh cannot ask anything: the sync ends (the time limit guards against
  /// a wait; measured from here, a loaded machine's test run took up to 90 s to hear of it).
  @Test(.timeLimit(.minutes(3))) func anSSHRemoteThatCannotBeReachedEndsWithExit74() async throws {
    let machines = try Machines()
    let url = "ssh://roadtrip@127.0.0.1:9/journeys.git"
    let result = try await machines.run("a", "sync", url)
    result.expectExit(74)
    // The user part is left out, as git leaves it out of its messages.
    #expect(
      result.standardError.hasPrefix(
        "roadtrip: error: cannot clone ssh://127.0.0.1:9/journeys.git"), "\(result)")
  }
}
