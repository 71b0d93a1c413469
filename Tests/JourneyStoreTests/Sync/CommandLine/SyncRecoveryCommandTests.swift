import Foundation
import Testing

@testable import JourneyStore

/// Smaller recovery items of `roadtrip sync` on the real binary: a sync that cannot start leaves
/// no database behind, `sync conflicts --json` speaks JSON's types, and a conflict restored on
/// one database is restored on the others once its write arrives.
@Suite("roadtrip sync: recovery")
struct SyncRecoveryCommandTests {
  typealias Machines = SyncCommandTests.Machines

  @Test func aSyncWithNoRemoteLeavesNoDatabaseBehind() async throws {
    let machines = try Machines()
    let path = machines.sandbox.folder.file("new/journeys.sqlite")
    let result = try await machines.sandbox.run(["sync", "--db", path])
    result.expectExit(64)
    #expect(result.standardError.contains("no remote to sync with"), "\(result)")
    #expect(SyncNewRemoteCommandTests.listing(machines.sandbox.folder.path).allSatisfy {
      !$0.hasPrefix("new")
    })
  }

  /// Two same-field edits of the duration and a delete against an edit: booleans, numbers and
  /// null as JSON has them, and the times exact.
  @Test func conflictsAsJSONUseJSONsTypes() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Commute", "--duration", "30m").expectSuccess()
    try await machines.run("a", "add", "Errand").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    try await machines.run("b", "sync", machines.remote).expectSuccess()
    let ids = try await machines.run("a", "list", "--format", "ids", "--sort", "name").lines
    try #require(ids.count == 2)
    try await machines.run("a", "set", ids[0], "duration=1h").expectSuccess()
    try await machines.run("a", "delete", ids[1]).expectSuccess()
    try await machines.run("b", "set", ids[0], "duration=1h30m").expectSuccess()
    try await machines.run("b", "set", ids[1], "name=Errand, renamed").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    try await machines.run("b", "sync").expectSuccess()
    let listed = try await machines.run("b", "sync", "conflicts", "--json")
    listed.expectSuccess()
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
    try #require(objects.count == 2, "\(listed)")
    let duration = try #require(objects.first { $0["field"] as? String == "duration" })
    #expect(duration["deleted"] as? Bool == false)
    #expect(duration["kept"] as? Int == 5400, "\(duration)")
    #expect(duration["lost"] as? Int == 3600, "\(duration)")
    #expect(duration["restoredBy"] is NSNull)
    #expect(listed.standardOutput.contains("\"restoredBy\":null"), "\(listed)")
    let deleted = try #require(objects.first { $0["field"] as? String == "name" })
    #expect(deleted["deleted"] as? Bool == true)
    #expect(deleted["kept"] is NSNull)
    #expect(deleted["lost"] as? String == "Errand, renamed")
    // Times in UTC to the exact millisecond of the writes' clocks: they read back as dates, and
    // the later edit's is the later.
    let kept = try #require((duration["keptAt"] as? String).flatMap(Date.init(iso8601:)))
    let lost = try #require((duration["lostAt"] as? String).flatMap(Date.init(iso8601:)))
    #expect(kept > lost)
    // A clock's time is whole milliseconds: its text ends at them (not `.8659999Z`).
    for key in ["keptAt", "lostAt"] {
      let text = try #require(duration[key] as? String)
      #expect(text.range(of: #"T\d\d:\d\d:\d\d(\.\d{1,3})?Z$"#, options: .regularExpression) != nil, "\(text)")
    }
    #expect((duration["found"] as? String)?.hasSuffix("Z") == true)
    // Tables and TSV keep their text.
    let tsv = try await machines.run("b", "sync", "conflicts", "--format", "tsv")
    #expect(tsv.standardOutput.contains("\tfalse\t5400\t"), "\(tsv)")
  }

  /// A conflict restored on one database is listed as restored on the other once the sync
  /// brings the restoring write, by the batch that brought it.
  @Test func aConflictRestoredOnOneDatabaseIsRestoredOnTheOthers() async throws {
    let machines = try Machines()
    let id = try await machines.renamedOnBoth()
    try await machines.run("b", "sync").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    for name in ["a", "b"] {
      let open = try await machines.run(name, "sync", "conflicts", "--format", "ndjson")
      #expect(open.standardOutput.contains("\"lost\":\"Laptop name\""), "\(open)")
      #expect(open.standardOutput.contains("\"restoredBy\":null"), "\(open)")
    }
    try await machines.run("a", "sync", "conflicts", "--restore", "1").expectSuccess()
    try await machines.run("a", "sync").expectSuccess()
    let received = try await machines.run("b", "sync")
    received.expectSuccess()
    let listed = try await machines.run("b", "sync", "conflicts", "--format", "ndjson")
    let conflict = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
    // The batch that brought the restoring write: the newest, which undo would take back.
    let newest = try await machines.sqlite3("b", "SELECT max(id) FROM batch").standardOutput
    #expect(
      (conflict["restoredBy"] as? Int).map(String.init) == newest.trimmingCharacters(in: .whitespacesAndNewlines),
      "\(listed)")
    #expect(
      !(try await machines.run("b", "sync", "--status").standardOutput.contains("conflicts:")))
    try await machines.run("b", "sync", "conflicts", "--restore", "1").expectExit(1)
  }
}
