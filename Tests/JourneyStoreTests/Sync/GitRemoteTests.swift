import Foundation
import Synchronization
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// The git remote with the real `git` and bare repositories in temporary folders: each machine
/// (replica) has a cache of its own, as two computers would.
@Suite("Sync: the git remote")
struct GitRemoteTests {
  private static let first = "replicas/a/000000001.rtc"
  private static let second = "replicas/b/000000001.rtc"

  @Test func theFirstFetchOfAnEmptyRepositoryClonesItAndAPublishedFileReachesAnotherClone()
    throws
  {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository(branch: "trunk")
    let laptop = sandbox.remote(bare)
    let folder = try laptop.fetch()
    #expect(folder == laptop.cacheRoot + "/" + SHA256Hash.hex(of: bare))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [".git"])
    try sandbox.write("one", to: Self.first, in: folder)
    try laptop.publish(added: [Self.first], message: "roadtrip sync from a")
    #expect(try sandbox.files(in: bare, branch: "trunk") == [Self.first])
    // roadtrip's commit, with no user name configured anywhere.
    let author = try sandbox.git(
      ["--git-dir=" + bare, "log", "-1", "--format=%an <%ae>|%s", "trunk"])
    #expect(author == "roadtrip <roadtrip@localhost>|roadtrip sync from a\n")

    let desktop = sandbox.remote(bare, machine: "desktop")
    let other = try desktop.fetch()
    #expect(other != folder)
    #expect(try String(contentsOfFile: other + "/" + Self.first, encoding: .utf8) == "one")
    try sandbox.write("two", to: Self.second, in: other)
    try desktop.publish(added: [Self.second], message: "roadtrip sync from b")
    // The laptop's next fetch pulls the desktop's file.
    #expect(try laptop.fetch() == folder)
    #expect(try String(contentsOfFile: folder + "/" + Self.second, encoding: .utf8) == "two")
  }

  @Test func theFoldersRoadtripMakesForTheCacheAreTheUsersOnly() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    var environment = sandbox.environment
    environment["XDG_CACHE_HOME"] = sandbox.folder.file("xdg/cache")
    let remote = GitRemote(url: bare, environment: environment, standardInputIsTerminal: false)
    #expect(remote.cacheRoot == sandbox.folder.file("xdg/cache/roadtrip/remotes"))
    let folder = try remote.fetch()
    for path in ["xdg", "xdg/cache", "xdg/cache/roadtrip", "xdg/cache/roadtrip/remotes"] {
      let mode = try #require(
        FileManager.default.attributesOfItem(atPath: sandbox.folder.file(path))[.posixPermissions]
          as? Int)
      #expect(mode == 0o700, "\(path)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test func aPushRejectedBecauseAnotherReplicaPushedFirstIsPulledAndPushedAgain() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = sandbox.remote(bare)
    let desktop = sandbox.remote(bare, machine: "desktop")
    try sandbox.sync(laptop, writing: "replicas/a/000000000.rtc", "zero")
    // Both fetch the same state; the laptop pushes first, so the desktop's push is rejected.
    let laptopFolder = try laptop.fetch()
    let desktopFolder = try desktop.fetch()
    try sandbox.write("one", to: Self.first, in: laptopFolder)
    try sandbox.write("two", to: Self.second, in: desktopFolder)
    try laptop.publish(added: [Self.first], message: "from a")
    try desktop.publish(added: [Self.second], message: "from b")
    #expect(
      try sandbox.files(in: bare) == ["replicas/a/000000000.rtc", Self.first, Self.second])
    let merges = try sandbox.git(["--git-dir=" + bare, "rev-list", "--merges", "--count", "main"])
    #expect(merges == "1\n")
    #expect(try String(contentsOfFile: desktopFolder + "/" + Self.first, encoding: .utf8) == "one")
  }

  @Test(arguments: [false, true])
  func replicasSyncingAtOnceLoseNoFile(shareOneMachine: Bool) throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let replicas = ["a", "b", "c"]
    let failures = Mutex<[String]>([])
    for round in 1...3 {
      DispatchQueue.concurrentPerform(iterations: replicas.count) { index in
        let remote = sandbox.remote(bare, machine: shareOneMachine ? "one" : replicas[index])
        let path = "replicas/\(replicas[index])/00000000\(round).rtc"
        do {
          try sandbox.sync(remote, writing: path, "\(replicas[index]) \(round)")
        } catch {
          failures.withLock { $0.append("\(path): \(error)") }
        }
      }
    }
    // With three replicas pushing at once, one may be rejected up to twice: within three pushes.
    #expect(failures.withLock { $0 } == [])
    let expected = replicas.flatMap { replica in
      (1...3).map { "replicas/\(replica)/00000000\($0).rtc" }
    }
    #expect(try sandbox.files(in: bare) == expected.sorted())
  }

  @Test func aRemoteThatKeepsMovingIsPushedThreeTimesAtMostThenAClearError() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = sandbox.remote(bare)
    try sandbox.sync(laptop, writing: "replicas/a/000000000.rtc", "zero")
    // Before each push lands, "another replica" pushes first: the hook moves the branch on
    // and declines the push.
    let attempts = sandbox.folder.file("attempts")
    let hook = bare + "/hooks/pre-receive"
    try ShellScript.install(
      """
      #!/bin/sh
      cat >/dev/null
      unset GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
      echo attempt >> '\(attempts)'
      n=$(wc -l < '\(attempts)')
      parent=$(git rev-parse refs/heads/main)
      blob=$(echo "$n" | git hash-object -w --stdin)
      tree=$( (git ls-tree "$parent"; printf '100644 blob %s\\tz-%s.rtc\\n' "$blob" "$n") |
        git mktree)
      commit=$(git -c user.name=z -c user.email=z@z commit-tree "$tree" -p "$parent" -m "from z")
      git update-ref refs/heads/main "$commit" "$parent"
      exit 1

      """, at: hook)
    let folder = try laptop.fetch()
    try sandbox.write("one", to: Self.first, in: folder)
    #expect(throws: SyncRemoteError.pushRejected(remote: bare, attempts: 3)) {
      try laptop.publish(added: [Self.first], message: "from a")
    }
    #expect(try String(contentsOfFile: attempts, encoding: .utf8) == "attempt\nattempt\nattempt\n")
    #expect(!(try sandbox.files(in: bare).contains(Self.first)))
    let error = SyncRemoteError.pushRejected(remote: bare, attempts: 3)
    #expect(
      error.description
        == "cannot push to \(bare): other replicas pushed first, 3 times in a row; sync again")
  }

  @Test func aPublishWithNothingAddedMakesNoCommit() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = sandbox.remote(bare)
    // An empty remote: nothing to commit, nothing to push, still empty.
    _ = try laptop.fetch()
    try laptop.publish(added: [], message: "nothing")
    #expect(try sandbox.commitCount(in: bare) == 0)
    try sandbox.sync(laptop, writing: Self.first, "one")
    #expect(try sandbox.commitCount(in: bare) == 1)
    _ = try laptop.fetch()
    try laptop.publish(added: [], message: "nothing")
    // A file added again unchanged changes nothing either.
    try laptop.publish(added: [Self.first], message: "the same")
    #expect(try sandbox.commitCount(in: bare) == 1)
  }

  @Test func aRemoteThatDoesNotExistIsGitsErrorAndLeavesNoClone() throws {
    let sandbox = try GitSandbox()
    let missing = sandbox.folder.file("missing.git")
    let remote = sandbox.remote(missing)
    let error = try #require(throws: SyncRemoteError.self) { try remote.fetch() }
    guard case .unreachable(missing, "clone", let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(reason.contains("does not exist"), "\(reason)")
    #expect(reason == reason.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(error.description.hasPrefix("cannot clone \(missing): "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: remote.cacheRoot)
      .filter { !$0.hasSuffix(".lock") } == [])
  }

  @Test func withoutGitOnThePathTheErrorSaysHowToGetIt() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let empty = sandbox.folder.file("bin")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    var environment = sandbox.environment
    environment["PATH"] = empty
    let remote = sandbox.remote(bare, environment: environment)
    #expect(throws: SyncRemoteError.gitMissing(remote: bare)) { try remote.fetch() }
    #expect(throws: SyncRemoteError.gitMissing(remote: bare)) {
      try remote.publish(added: [], message: "x")
    }
    #expect(
      SyncRemoteError.gitMissing(remote: bare).description
        == "roadtrip sync needs git for \(bare); install it (apt-get install git) or sync "
        + "through a folder")
    // The same remote finds git through a PATH folder that links to it.
    let real = try #require(Git(environment: sandbox.environment).executablePath)
    try FileManager.default.createSymbolicLink(atPath: empty + "/git", withDestinationPath: real)
    #expect(try remote.fetch() == remote.folder)
  }

  @Test func aCloneFolderOfAnotherRemoteIsRefused() throws {
    let sandbox = try GitSandbox()
    let journeys = try sandbox.bareRepository()
    let other = try sandbox.bareRepository("other.git")
    let remote = sandbox.remote(journeys)
    try remote.makeCacheRoot()
    try sandbox.git(["clone", "--quiet", other, remote.folder])
    let foreign = SyncRemoteError.foreignClone(
      folder: remote.folder, origin: other, remote: journeys)
    #expect(throws: foreign) { try remote.fetch() }
  }

  @Test(arguments: ["empty folder", "file", "no origin"])
  func aDamagedCloneFolderIsRefused(_ damage: String) throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let remote = sandbox.remote(bare)
    try remote.makeCacheRoot()
    switch damage {
    case "empty folder":
      try FileManager.default.createDirectory(
        atPath: remote.folder, withIntermediateDirectories: true)
    case "file":
      try Data("x".utf8).write(to: URL(fileURLWithPath: remote.folder))
    default:
      try sandbox.git(["clone", "--quiet", bare, remote.folder])
      try sandbox.git(["-C", remote.folder, "remote", "remove", "origin"])
    }
    let error = try #require(throws: SyncRemoteError.self) { try remote.fetch() }
    guard case .damagedClone(remote.folder, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(
      error.description.hasSuffix(
        "; remove that folder and sync again: roadtrip clones the remote anew"))
  }

  @Test func filesOfTheSameNameFromAnotherReplicaAreNamedAndTheNextFetchTakesTheRemotes() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = sandbox.remote(bare)
    let copy = sandbox.remote(bare, machine: "copy")
    let laptopFolder = try laptop.fetch()
    let copyFolder = try copy.fetch()
    // A copied database writes the file its original writes, with other contents.
    try sandbox.write("original", to: Self.first, in: laptopFolder)
    try sandbox.write("copy", to: Self.first, in: copyFolder)
    try laptop.publish(added: [Self.first], message: "original")
    #expect(throws: SyncRemoteError.filesTaken(remote: bare, paths: [Self.first])) {
      try copy.publish(added: [Self.first], message: "copy")
    }
    #expect(try sandbox.contents(of: Self.first, in: bare) == "original")
    #expect(try copy.fetch() == copyFolder)
    let contents = try String(contentsOfFile: copyFolder + "/" + Self.first, encoding: .utf8)
    #expect(contents == "original")
  }

  @Test func whatAKilledSyncCommittedButNeverPushedIsDroppedByTheNextFetch() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = sandbox.remote(bare)
    try sandbox.sync(laptop, writing: Self.first, "one")
    let folder = try laptop.fetch()
    try sandbox.write("unsent", to: Self.second, in: folder)
    try laptop.runChecked(["add", Self.second])
    try laptop.runChecked(["commit", "--quiet", "-m", "killed before its push"])
    _ = try laptop.fetch()
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + Self.second))
    let head = try laptop.run(["rev-parse", "HEAD"]).line
    #expect(head == (try sandbox.git(["--git-dir=" + bare, "rev-parse", "main"]))
      .trimmingCharacters(in: .newlines))
  }

  @Test func aCloneOfAnEmptyRemoteTakesTheBranchAnotherGitPushedUnderAnotherName() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository(branch: "trunk")
    let laptop = sandbox.remote(bare)
    let folder = try laptop.fetch()
    // Another replica's git named its branch "main" and pushed it; the remote's HEAD still says
    // "trunk", which has no commit.
    let other = sandbox.folder.file("other")
    try sandbox.git(["init", "--quiet", "--initial-branch=main", other])
    try sandbox.write("one", to: Self.second, in: other)
    try sandbox.git(["-C", other, "add", Self.second])
    try sandbox.git(
      ["-C", other, "-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "b"])
    try sandbox.git(["-C", other, "push", "--quiet", bare, "HEAD:refs/heads/main"])
    #expect(try laptop.fetch() == folder)
    #expect(try laptop.currentBranch() == "main")
    #expect(try String(contentsOfFile: folder + "/" + Self.second, encoding: .utf8) == "one")
    try sandbox.write("two", to: Self.first, in: folder)
    try laptop.publish(added: [Self.first], message: "from a")
    #expect(try sandbox.files(in: bare) == [Self.first, Self.second])
  }

  @Test func aRemoteThatWouldAskForAPasswordFailsAtOnceWithoutATerminal() throws {
    let sandbox = try GitSandbox()
    // Nothing listens on port 1: git fails without waiting.
    let closed = sandbox.remote("https://127.0.0.1:1/journeys.git")
    let start = ContinuousClock.now
    #expect(throws: SyncRemoteError.self) { try closed.fetch() }
    // A server that asks for a user name and password: git would ask the terminal, and waits
    // for no one.
    let server = try PasswordServer()
    let url = "http://127.0.0.1:\(server.port)/journeys.git"
    let error = try #require(throws: SyncRemoteError.self) { try sandbox.remote(url).fetch() }
    guard case .unreachable(url, "clone", let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(reason.contains("terminal prompts disabled"), "\(reason)")
    #expect(ContinuousClock.now - start < .seconds(30))
    #expect(server.requests() > 0)
  }

  @Test func gitIsToldNotToPromptOnlyWhenNoOneCanAnswer() {
    let environment = [
      "PATH": "/usr/bin", "GIT_DIR": "/elsewhere/.git", "GIT_WORK_TREE": "/elsewhere",
      "ROADTRIP_SYNC_SECRET": "never for git",
    ]
    let quiet = GitRemote.gitEnvironment(environment, cacheRoot: "/c", prompts: false)
    #expect(
      quiet == ["PATH": "/usr/bin", "GIT_TERMINAL_PROMPT": "0", "GIT_CEILING_DIRECTORIES": "/c"])
    let asking = GitRemote.gitEnvironment(environment, cacheRoot: "/c", prompts: true)
    #expect(asking == ["PATH": "/usr/bin", "GIT_CEILING_DIRECTORIES": "/c"])
  }
}

extension GitRemoteTests {
  /// What a program that git starts can rely on: roadtrip's process group (Ctrl-C reaches git,
  /// and git may ask the terminal for a password), no signal blocked, SIGPIPE as by default.
  /// The `git` earlier on the PATH is a link to the shell, which reports how it was started
  /// (a link, not a script written here: a file just written may still be open for writing in
  /// a child another test is starting, and then cannot be run).
  @Test func gitRunsInRoadtripsProcessGroupWithNoSignalBlocked() throws {
    let sandbox = try GitSandbox()
    let bin = sandbox.folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin + "/git", withDestinationPath: "/bin/sh")
    // Shell builtins only: a shell blocks every signal while it starts a command.
    let report = """
      read -r pid command state parent group rest < /proc/$$/stat
      echo "$group"
      while read -r key value; do
        case $key in SigBlk:|SigIgn:) echo "$key $value";; esac
      done < /proc/$$/status
      """
    let output = try Git(environment: ["PATH": bin + ":/usr/bin:/bin"]).run(["-c", report])
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "\(output.standardOutput)")
    #expect(lines[0] == "\(getpgrp())")
    #expect(lines[1] == "SigBlk: 0000000000000000")
    let ignored = try #require(UInt64(lines[2].dropFirst("SigIgn: ".count), radix: 16))
    #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0)
  }
}
