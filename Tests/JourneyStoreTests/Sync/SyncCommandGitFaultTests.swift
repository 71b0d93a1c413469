import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync` through git where git users trip: `--compact`, a first push that fails.
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
    #expect(try await machines.run("a", "add", "Trip of a").exitCode == 0)
    #expect(try await machines.run("b", "add", "Trip of b").exitCode == 0)
    try machines.preReceiveHook("cat > /dev/null\necho 'refused by the hook' >&2\nexit 1\n")
    let refused = try await machines.run("a", "sync", machines.repository)
    #expect(refused.exitCode == 74, "\(refused)")
    #expect(refused.standardError.contains("refused by the hook"), "\(refused)")
    #expect(try machines.git("rev-list", "--count", "--all") == "0\n")
    let waiting = try await machines.run("a", "sync", "--status")
    #expect(
      waiting.standardOutput.contains("files written but not on the remote yet: 1"), "\(waiting)")
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    // Meanwhile b makes the remote, with an id of its own.
    #expect(try await machines.run("b", "sync", machines.repository).exitCode == 0)
    let again = try await machines.run("a", "sync")
    #expect(again.exitCode == 0, "\(again)")
    #expect(!again.standardError.contains("another"), "\(again)")
    #expect(try await machines.run("b", "sync").exitCode == 0)
    let table = try await machines.table("a")
    #expect(table == (try await machines.table("b")))
    #expect(table.contains("Trip of a") && table.contains("Trip of b"), "\(table)")
  }

  @Test func aFirstPushThatFailedIsPushedByTheNextSync() async throws {
    let machines = try Machines()
    #expect(try await machines.run("a", "add", "Trip of a").exitCode == 0)
    try machines.preReceiveHook("cat > /dev/null\nexit 1\n")
    #expect(try await machines.run("a", "sync", machines.repository).exitCode == 74)
    try FileManager.default.removeItem(atPath: machines.repository + "/hooks/pre-receive")
    let again = try await machines.run("a", "sync")
    #expect(again.exitCode == 0, "\(again)")
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
        #expect(try await machines.run(name, "add", "Trip \(round) of \(name)").exitCode == 0)
        let result = try await machines.run(name, "sync", machines.repository)
        #expect(result.exitCode == 0, "\(name): \(result)")
      }
    }
    #expect(try await machines.run("a", "sync").exitCode == 0)
    let before = try Self.changeFiles(machines)
    let compacted = try await machines.run("a", "sync", "--compact")
    #expect(compacted.exitCode == 0, "\(compacted)")
    let after = try Self.changeFiles(machines)
    #expect(after.count < before.count, "before: \(before), after: \(after)")
    let files = try machines.git("ls-tree", "-r", "--name-only", "main")
    #expect(files.contains("snapshots/"), "\(files)")
    // The next fetch does not bring them back, and a new database joins from the snapshot.
    #expect(try await machines.run("a", "sync").exitCode == 0)
    #expect(try await machines.run("b", "sync").exitCode == 0)
    #expect(try Self.changeFiles(machines) == after)
    let joined = try await machines.run("c", "sync", machines.repository)
    #expect(joined.exitCode == 0, "\(joined)")
    #expect(joined.standardError.contains("joined from snapshots/"), "\(joined)")
    #expect(try await machines.table("c") == machines.table("a"))
  }
}
