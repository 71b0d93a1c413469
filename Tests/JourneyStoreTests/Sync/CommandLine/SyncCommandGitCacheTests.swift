import Foundation
import Testing

@testable import JourneyStore

#if canImport(Glibc)
  import Glibc
#endif

/// `roadtrip sync` through git on the real binary, where the machine is shared or a sync was
/// killed: a token in the URL never shows (not in what roadtrip prints, not on any command line
/// `ps` lists), and a lock git left in roadtrip's own clone is recovered without asking.
@Suite("roadtrip sync through git: tokens and the cache clone")
struct SyncCommandGitCacheTests {
  typealias Machines = SyncCommandGitTests.Machines

  /// The command lines of every process of this machine but `except`, as `ps` reads them.
  static func commandLines(except: Int32) -> [String] {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.filter { $0.allSatisfy(\.isNumber) && $0 != String(except) }.compactMap {
      FileManager.default.contents(atPath: "/proc/\($0)/cmdline").map {
        String(decoding: $0.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
      }
    }
  }

  /// A URL with a user and a token, to a server that asks for a password and refuses it (after
  /// a moment, while the command lines are looked at): the token is in no output, in no
  /// argument of any git run, and on no command line while the sync runs; the server was sent
  /// the user and token all the same.
  @Test func aTokenInTheURLIsInNoOutputAndOnNoCommandLine() async throws {
    let machines = try Machines()
    let server = try PasswordServer(delay: 1)
    let token = "TOKEN-\(UUID().uuidString.prefix(8))"
    let url = "http://alice:\(token)@127.0.0.1:\(server.port)/journeys.git"
    let (path, record) = try SyncCommandGitFaultTests.recordingGit(in: machines)
    let sync = try machines.sandbox.start(
      ["sync", url],
      environment: machines.environment("a").merging(["PATH": path]) { $1 })
    var seen: [String] = []
    let deadline = ContinuousClock.now + .seconds(60)
    while sync.isRunning, ContinuousClock.now < deadline {
      // roadtrip's own command line holds the URL as the user typed it.
      seen += Self.commandLines(except: sync.pid).filter { $0.contains(token) }
      try await Task.sleep(for: .milliseconds(20))
    }
    let result = try await sync.finish(within: .seconds(30))
    result.expectExit(74)
    #expect(seen.isEmpty, "\(seen)")
    #expect(!result.standardError.contains(token), "\(result)")
    #expect(!result.standardError.contains("alice:"), "\(result)")
    #expect(
      result.standardError.contains("cannot clone http://127.0.0.1:\(server.port)/journeys.git"),
      "\(result)")
    let runs = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    #expect(!runs.isEmpty && !runs.contains(token), "\(runs)")
    let basic = "Basic " + Data("alice:\(token)".utf8).base64EncodedString()
    #expect(server.authorizations().contains(basic), "\(server.authorizations())")
  }

  /// Without a terminal, a user name alone in the URL is the user git names when it would ask
  /// for the password: the sync fails at once, with the user part left out of what it prints.
  @Test func aUserAloneInTheURLIsGivenToGitOffItsCommandLine() async throws {
    let machines = try Machines()
    let server = try PasswordServer()
    let token = "TOKEN-\(UUID().uuidString.prefix(8))"
    let url = "http://\(token)@127.0.0.1:\(server.port)/journeys.git"
    let (path, record) = try SyncCommandGitFaultTests.recordingGit(in: machines)
    let result = try await machines.run("a", "sync", url, environment: ["PATH": path])
    result.expectExit(74)
    #expect(!result.standardError.contains(token), "\(result)")
    let runs = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    #expect(!runs.isEmpty && !runs.contains(token), "\(runs)")
  }

  /// A sync killed while git held the clone's index leaves `index.lock` in roadtrip's clone
  /// (made here with `touch`, as the kill leaves it): the next sync, holding roadtrip's own lock
  /// on the clone, removes it and completes.
  @Test func aLockGitLeftInTheCloneIsRemovedByTheNextSync() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.repository).expectSuccess()
    let cache = machines.sandbox.folder.file("cache-a") + "/roadtrip/remotes"
    let clone = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache).first {
        !$0.hasSuffix(".lock") && !$0.hasPrefix(".")
      })
    for lock in [".git/index.lock", ".git/HEAD.lock", ".git/refs/heads/main.lock"] {
      let touched = try await Child.run(
        "/usr/bin/touch", [cache + "/" + clone + "/" + lock],
        environment: machines.sandbox.environment, in: machines.sandbox.folder)
      touched.expectSuccess()
    }
    try await machines.run("a", "add", "Second trip of a").expectSuccess()
    let synced = try await machines.run("a", "sync")
    synced.expectSuccess()
    try await machines.run("b", "sync", machines.repository).expectSuccess()
    #expect(try await machines.table("b") == machines.table("a"))
    #expect(try await machines.table("b").contains("Second trip of a"))
  }
}
