import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync` through git where git users trip: `--compact`.
@Suite("roadtrip sync through git: faults and compaction")
struct SyncCommandGitFaultTests {
  typealias Machines = SyncCommandGitTests.Machines

  /// The rtc files of the repository's `main`.
  static func changeFiles(_ machines: Machines) throws -> [String] {
    try machines.git("ls-tree", "-r", "--name-only", "main").split(separator: "\n")
      .map(String.init).filter { $0.hasSuffix(".rtc") }
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
