import Foundation
import Testing

/// `roadtrip sync --compact` on the real binary: what it says, a new database joining from the
/// snapshot, and a damaged snapshot refused by name.
@Suite("roadtrip sync --compact")
struct SyncCompactCommandTests {
  @Test func compactSaysWhatItWroteAndRemovedAndANewDatabaseJoins() async throws {
    let machines = try SyncCommandTests.Machines()
    for round in 0..<3 {
      for name in ["a", "b"] {
        try await machines.run(name, "add", "Trip \(round) of \(name)").expectSuccess()
        let synced = try await machines.run(name, "sync", machines.remote)
        synced.expectSuccess()
      }
    }
    try await machines.run("a", "sync").expectSuccess()
    let compacted = try await machines.run("a", "sync", "--compact")
    compacted.expectSuccess()
    #expect(compacted.standardError.contains("wrote snapshots/"), "\(compacted)")
    #expect(compacted.standardError.contains("(6 journeys)"), "\(compacted)")
    #expect(compacted.standardError.contains("removed "), "\(compacted)")
    let again = try await machines.run("a", "sync", "--compact")
    #expect(again.standardError.contains("is on the remote already"), "\(again)")
    #expect(again.standardError.contains("removed 0 change files"), "\(again)")
    let joined = try await machines.run("c", "sync", machines.remote)
    joined.expectSuccess()
    #expect(joined.standardError.contains("joined from snapshots/"), "\(joined)")
    #expect(try await machines.table("c") == machines.table("a"))
  }

  @Test func aDamagedSnapshotIsRefusedByNameWithExit65() async throws {
    let machines = try SyncCommandTests.Machines()
    try await machines.run("a", "add", "One").expectSuccess()
    try await machines.run("a", "sync", "--compact", machines.remote).expectSuccess()
    let folder = machines.remote + "/snapshots"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
    let path = folder + "/" + name
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: path))
    let joined = try await machines.run("c", "sync", machines.remote)
    joined.expectExit(65)
    #expect(joined.standardError.contains("snapshots/\(name)"), "\(joined)")
    // The change file is still there: the journey came through it.
    #expect(try await machines.table("c") == machines.table("a"))
  }

  @Test func compactWithStatusIsAUsageError() async throws {
    let machines = try SyncCommandTests.Machines()
    let refused = try await machines.run("a", "sync", "--status", "--compact")
    refused.expectExit(64)
  }
}
