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
    try await sandbox.runBounded(["add", "First"], environment: a).expectSuccess()
    try await sandbox.runBounded(["sync", remote], environment: a).expectSuccess()
    for index in 0..<20 {
      try await sandbox.runBounded(["add", "Trip \(index)"], environment: a).expectSuccess()
    }
    let filler = try mount.fill()
    let before = try sandbox.records(at: a["ROADTRIP_DB"]!)
    let full = try await sandbox.runBounded(["sync"], environment: a)
    full.expectExit(74)
    #expect(full.standardError.contains("roadtrip: error: "), "\(full)")
    #expect(try sandbox.records(at: a["ROADTRIP_DB"]!) == before)
    let waiting = try await sandbox.runBounded(["sync", "--status"], environment: a)
    #expect(waiting.standardOutput.contains("Sync required."), "\(waiting)")
    try FileManager.default.removeItem(atPath: filler)
    let again = try await sandbox.runBounded(["sync"], environment: a)
    again.expectSuccess()
    try await sandbox.runBounded(["sync", remote], environment: b).expectSuccess()
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
    try await sandbox.runBounded(["import", sandbox.folder.file("trips.ndjson")], environment: a)
      .expectSuccess()
    try await sandbox.runBounded(["sync", remote], environment: a).expectSuccess()
    try await sandbox.runBounded(["add", "Kept"], environment: b).expectSuccess()
    let before = try sandbox.records(at: b["ROADTRIP_DB"]!)
    let filler = try mount.fill()
    let full = try await sandbox.runBounded(["sync", remote], environment: b)
    full.expectExit(74)
    #expect(full.standardError.contains("full"), "\(full)")
    #expect(try sandbox.records(at: b["ROADTRIP_DB"]!) == before)
    try FileManager.default.removeItem(atPath: filler)
    let again = try await sandbox.runBounded(["sync", remote], environment: b)
    again.expectSuccess()
    #expect(try sandbox.records(at: b["ROADTRIP_DB"]!).count == 3_001)
    try await sandbox.runBounded(["db", "check"], environment: b).expectSuccess()
  }
}
