import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync` on the real binary through a bare git repository in a temporary folder, with
/// the real `git`: each database has a cache of its own (as on two machines), and git reads no
/// configuration of the user's (an empty global file, no system one: it knows no user name).
@Suite("roadtrip sync through git")
struct SyncCommandGitTests {
  /// Databases `a`, `b`, `c` and a bare repository, each database with its own clone cache.
  struct Machines {
    let machines: SyncCommandTests.Machines
    /// git's environment for the sandbox, and the bare repository.
    let gitSandbox: GitSandbox
    var sandbox: CLISandbox { machines.sandbox }
    var repository: String { sandbox.folder.file("journeys.git") }
    var gitConfig: String { gitSandbox.configFile }

    init() throws {
      machines = try SyncCommandTests.Machines()
      gitSandbox = try GitSandbox(in: machines.sandbox.folder, environment: machines.sandbox.environment)
      _ = try gitSandbox.bareRepository("journeys.git")
    }

    func environment(_ name: String) -> [String: String] {
      gitSandbox.environment.merging(
        ["ROADTRIP_DB": machines.path(name), "XDG_CACHE_HOME": sandbox.folder.file("cache-" + name)],
        uniquingKeysWith: { $1 })
    }

    func run(_ name: String, _ arguments: String..., environment changes: [String: String?] = [:])
      async throws -> CommandResult
    {
      var changes = changes
      for (key, value) in environment(name) where changes[key] == nil { changes[key] = value }
      return try await sandbox.run(arguments, environment: changes)
    }

    func table(_ name: String) async throws -> String { try await machines.table(name) }

    /// Runs git in the bare repository; its standard output.
    func git(_ arguments: String...) throws -> String {
      try git(["--git-dir=" + repository] + arguments)
    }

    /// Runs git with `arguments` as they are (in the test's working folder); its standard output.
    func git(_ arguments: [String]) throws -> String {
      try gitSandbox.git(arguments)
    }

    /// Installs `script` as the bare repository's `pre-receive` hook.
    func preReceiveHook(_ script: String) throws {
      let hook = repository + "/hooks/pre-receive"
      try ShellScript.install("#!/bin/sh\n" + script, at: hook)
    }

    /// Arms the repository so that while the next push waits for it, `name` runs `roadtrip
    /// arguments` and pushes first, as another machine syncing at that moment would.
    /// - Returns: The file the hook removes when it fires.
    func letSyncFirstDuringNextPush(_ name: String, _ arguments: [String]) throws -> String {
      let armed = sandbox.folder.file("armed")
      FileManager.default.createFile(atPath: armed, contents: Data())
      let other = environment(name).map { "\($0.key)=\(CLISandbox.shellQuoted($0.value))" }
      let command = ([RoadtripBinary.path] + arguments).map(CLISandbox.shellQuoted)
      try preReceiveHook(
        """
        cat > /dev/null
        if rm \(armed) 2>/dev/null; then
          env -i \(other.joined(separator: " ")) \(command.joined(separator: " ")) >&2 || exit 1
        fi
        exit 0
        """)
      return armed
    }
  }

  @Test func twoDatabasesConvergeThroughABareRepositoryAndRememberItsKind() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Laptop trip").expectSuccess()
    try await machines.run("b", "add", "Desktop trip").expectSuccess()
    let first = try await machines.run("a", "sync", machines.repository)
    first.expectSuccess()
    #expect(first.standardError.contains("sent 1 change in 1 file"), "\(first)")
    let second = try await machines.run("b", "sync", machines.repository)
    second.expectSuccess()
    #expect(second.standardError.contains("received 1 change from 1 replica"), "\(second)")
    // The remembered remote is git, and 'roadtrip sync' alone pulls and pushes it.
    try await machines.run("a", "sync").expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
    #expect(try await machines.table("a").contains("Desktop trip"))
    let status = try await machines.run("a", "sync", "--status")
    #expect(status.standardOutput.contains("remote: \(machines.repository) (git)"), "\(status)")
    // The repository holds the remote's files, committed by roadtrip (no user name configured).
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    #expect(files.contains("roadtrip-remote.json"), "\(files)")
    #expect(files.split(separator: "\n").filter { $0.hasSuffix(".rtc") }.count == 2, "\(files)")
  }

  @Test func aPushRejectedBecauseAnotherReplicaPushedFirstIsPulledMergedAndPushedAgain()
    async throws
  {
    let machines = try Machines()
    for name in ["a", "b", "c"] {
      try await machines.run(name, "add", "Trip of \(name)").expectSuccess()
    }
    try await machines.run("a", "sync", machines.repository).expectSuccess()
    try await machines.run("c", "sync", machines.repository).expectSuccess()
    try await machines.run("c", "add", "Second trip of c").expectSuccess()
    // While b's push waits for the repository, c syncs and pushes first: b's push is rejected.
    let armed = try machines.letSyncFirstDuringNextPush("c", ["sync"])
    let b = try await machines.run("b", "sync", machines.repository)
    b.expectSuccess()
    #expect(!FileManager.default.fileExists(atPath: armed))
    #expect(try machines.git("rev-list", "--merges", "main").isEmpty == false)
    for name in ["a", "c", "b", "a"] {
      let result = try await machines.run(name, "sync")
      result.expectSuccess("\(name)")
    }
    let table = try await machines.table("a")
    #expect(table == (try await machines.table("b")))
    #expect(table == (try await machines.table("c")))
    for name in ["Trip of a", "Trip of b", "Trip of c", "Second trip of c"] {
      #expect(table.contains(name), "\(table)")
    }
  }

  @Test func withoutGitOnThePathTheErrorSaysHowToGetItAndNothingChanges() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Laptop trip").expectSuccess()
    let before = try await machines.table("a")
    let empty = machines.sandbox.folder.file("no-git")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let result = try await machines.run(
      "a", "sync", machines.repository, environment: ["PATH": empty])
    result.expectExit(1)
    #expect(
      result.standardError
        == "roadtrip: error: roadtrip sync needs git for \(machines.repository); install it "
        + "(apt-get install git) or sync through a folder\n", "\(result)")
    #expect(try await machines.table("a") == before)
    let status = try await machines.run("a", "sync", "--status")
    #expect(status.standardOutput.contains("never synced"), "\(status)")
  }

  @Test func aRepositoryThatDoesNotExistExits74WithGitsText() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Laptop trip").expectSuccess()
    let missing = machines.sandbox.folder.file("missing.git")
    let result = try await machines.run("a", "sync", missing)
    result.expectExit(74)
    #expect(result.standardError.hasPrefix("roadtrip: error: cannot clone \(missing)"), "\(result)")
  }

  @Test func aTokenInTheRemotesURLIsKeptForGitButNeverShown() async throws {
    let machines = try Machines()
    let token = "tok-\(UUID().uuidString)"
    let remote = "file://me:\(token)@localhost" + machines.repository
    let shown = "file://localhost" + machines.repository
    try await machines.run("a", "add", "Laptop trip").expectSuccess()
    let first = try await machines.run("a", "sync", remote)
    first.expectSuccess()
    #expect(first.standardError.contains("made \(shown) a roadtrip remote"), "\(first)")
    let status = try await machines.run("a", "sync", "--status")
    #expect(status.standardOutput.contains("remote: \(shown) (git)"), "\(status)")
    // The database remembers the URL as it was given, as git's config does: git gets it whole.
    try await machines.run("a", "add", "Second trip").expectSuccess()
    let again = try await machines.run("a", "sync")
    again.expectSuccess()
    #expect(try await machines.table("b") != machines.table("a"))
    try await machines.run("b", "sync", remote).expectSuccess()
    #expect(try await machines.table("b") == machines.table("a"))
    // git's own errors and roadtrip's leave the user part out too.
    let unreachable = "https://me:\(token)@127.0.0.1:9/journeys.git"
    let failed = try await machines.run("c", "sync", unreachable)
    failed.expectExit(74)
    #expect(
      failed.standardError.hasPrefix(
        "roadtrip: error: cannot clone https://127.0.0.1:9/journeys.git: "), "\(failed)")
    for result in [first, status, again, failed] {
      #expect(!result.standardOutput.contains(token) && !result.standardError.contains(token))
    }
  }

  @Test func anEncryptedGitRemoteConvergesAndGitNeverSeesTheSecret() async throws {
    let machines = try Machines()
    let secret = "correct horse battery staple \(UUID().uuidString)"
    let seenByGit = machines.sandbox.folder.file("hook-environment")
    try machines.preReceiveHook("cat > /dev/null\nenv >> \(seenByGit)\n")
    try await machines.run("a", "add", "Secret meeting").expectSuccess()
    try await machines.run("b", "add", "Other trip").expectSuccess()
    for name in ["a", "b", "a"] {
      let result = try await machines.run(
        name, "sync", machines.repository, environment: ["ROADTRIP_SYNC_SECRET": secret])
      result.expectSuccess("\(name)")
      #expect(!result.standardError.contains(secret))
    }
    #expect(try await machines.table("a") == machines.table("b"))
    let environment = try String(contentsOfFile: seenByGit, encoding: .utf8)
    #expect(environment.contains("GIT_DIR"), "the hook ran")
    #expect(!environment.contains("ROADTRIP_SYNC_SECRET"))
    #expect(!environment.contains(secret))
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    let file = try #require(files.split(separator: "\n").first { $0.hasSuffix(".rtc") })
    let bytes = try machines.git("cat-file", "-p", "main:" + file)
    #expect(!bytes.contains("Secret meeting"))
    #expect(bytes.hasPrefix("RTSEAL"))
  }
}
