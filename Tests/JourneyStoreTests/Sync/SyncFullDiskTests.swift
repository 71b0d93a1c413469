import Foundation
import Testing

/// `roadtrip sync` on a disk that is really full (a small tmpfs, filled): on the remote's side
/// and on the database's; exit 74 with what to do, nothing lost, and the next sync, with room
/// again, completes.
@Suite("roadtrip sync on a full disk")
struct SyncFullDiskTests {
  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason))
  func aFullRemoteIs74AndTheNextSyncSendsEverything() async throws {
    let sandbox = try CLISandbox()
    let mount = try TemporaryMount(size: "1m", in: sandbox.folder)
    let remote = mount.file("remote")
    let a = ["ROADTRIP_DB": sandbox.folder.file("a.sqlite")]
    let b = ["ROADTRIP_DB": sandbox.folder.file("b.sqlite")]
    #expect(try await sandbox.runBounded(["add", "First"], environment: a).exitCode == 0)
    #expect(try await sandbox.runBounded(["sync", remote], environment: a).exitCode == 0)
    for index in 0..<20 {
      #expect(try await sandbox.runBounded(["add", "Trip \(index)"], environment: a).exitCode == 0)
    }
    let filler = try mount.fill()
    let before = try sandbox.records(at: a["ROADTRIP_DB"]!)
    let full = try await sandbox.runBounded(["sync"], environment: a)
    #expect(full.exitCode == 74, "\(full)")
    #expect(full.standardError.contains("roadtrip: error: "), "\(full)")
    #expect(try sandbox.records(at: a["ROADTRIP_DB"]!) == before)
    let waiting = try await sandbox.runBounded(["sync", "--status"], environment: a)
    #expect(waiting.standardOutput.contains("Sync required."), "\(waiting)")
    try FileManager.default.removeItem(atPath: filler)
    let again = try await sandbox.runBounded(["sync"], environment: a)
    #expect(again.exitCode == 0, "\(again)")
    #expect(try await sandbox.runBounded(["sync", remote], environment: b).exitCode == 0)
    #expect(try sandbox.records(at: b["ROADTRIP_DB"]!) == before)
  }

  @Test(.enabled(if: TemporaryMount.isPermitted, TemporaryMount.skipReason))
  func aFullDiskUnderTheDatabaseIs74AndKeepsItAsItWas() async throws {
    let sandbox = try CLISandbox()
    let mount = try TemporaryMount(size: "2m", in: sandbox.folder)
    let remote = sandbox.folder.file("remote")
    let a = ["ROADTRIP_DB": sandbox.folder.file("a.sqlite")]
    let b = ["ROADTRIP_DB": mount.file("b.sqlite")]
    let lines = (0..<3_000).map {
      #"{"name":"Trip \#($0) with a name long enough to take some room","transportationType":"bus","startDate":"2026-11-21","duration":60}"#
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8)
      .write(to: URL(fileURLWithPath: sandbox.folder.file("trips.ndjson")))
    #expect(
      try await sandbox.runBounded(["import", sandbox.folder.file("trips.ndjson")], environment: a)
        .exitCode == 0)
    #expect(try await sandbox.runBounded(["sync", remote], environment: a).exitCode == 0)
    #expect(try await sandbox.runBounded(["add", "Kept"], environment: b).exitCode == 0)
    let before = try sandbox.records(at: b["ROADTRIP_DB"]!)
    let filler = try mount.fill()
    let full = try await sandbox.runBounded(["sync", remote], environment: b)
    #expect(full.exitCode == 74, "\(full)")
    #expect(full.standardError.contains("full"), "\(full)")
    #expect(try sandbox.records(at: b["ROADTRIP_DB"]!) == before)
    try FileManager.default.removeItem(atPath: filler)
    let again = try await sandbox.runBounded(["sync", remote], environment: b)
    #expect(again.exitCode == 0, "\(again)")
    #expect(try sandbox.records(at: b["ROADTRIP_DB"]!).count == 3_001)
    #expect(try await sandbox.runBounded(["db", "check"], environment: b).exitCode == 0)
  }
}
