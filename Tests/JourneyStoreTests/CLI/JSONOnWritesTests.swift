import Foundation
import Testing

/// Every command that writes or reports takes `--json` (CLI.md), and the shape of the journeys
/// it prints follows one rule: an object for one id typed, an array for several or for `-`.
@Suite("--json on writes and reports")
struct JSONOnWritesTests {
  /// The JSON a command printed, parsed.
  private static func json(_ result: CommandResult) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8), options: [.fragmentsAllowed])
  }

  @Test func showSetTransportAndDeleteAgreeOnObjectForOneIdAndArrayOtherwise() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    for arguments in [
      ["show", "aaaa1", "--json"], ["set", "aaaa1", "name=Coast", "--json"], ["transport", "aaaa1", "bike", "--json"],
      ["transport", "aaaa1", "--json"],
    ] {
      let result = try await sandbox.run(arguments).expectSuccess("\(arguments)")
      let object = try #require(try Self.json(result) as? [String: Any], "\(arguments): \(result)")
      #expect(object["id"] as? String == SampleJourneys.coastID, "\(arguments)")
    }
    for (arguments, input) in [
      (["show", "aaaa1", "bbbb", "--json"], nil), (["set", "-", "name=Coast", "--json"], "aaaa1\n"),
      (["transport", "-", "car", "--json"], "aaaa1\n"), (["show", "-", "--json"], "aaaa1\n"),
    ] as [([String], String?)] {
      let result = try await sandbox.run(arguments, input: input).expectSuccess("\(arguments)")
      let array = try #require(try Self.json(result) as? [[String: Any]], "\(arguments): \(result)")
      #expect(array.first?["id"] as? String == SampleJourneys.coastID, "\(arguments)")
    }
    let transported = try await sandbox.run("transport", "aaaa1", "--next", "--json").expectSuccess()
    #expect((try Self.json(transported) as? [String: Any])?["transportationType"] as? String == "hired-car")
  }

  @Test func deletePrintsTheJourneysAsTheyWereBeforeTheCommit() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let one = try await sandbox.run("delete", "bbbb", "--json").expectSuccess()
    let object = try #require(try Self.json(one) as? [String: Any])
    #expect(object["name"] as? String == "Ferry, \"the big one\"")
    #expect(object["duration"] as? Double == 600.5)
    #expect(try sandbox.record(SampleJourneys.ferryID) == nil)
    let several = try await sandbox.run("delete", "aaaa1", "aaaa2", "--yes", "--json").expectSuccess()
    #expect((try Self.json(several) as? [[String: Any]])?.compactMap { $0["id"] as? String }
      == [SampleJourneys.coastID, SampleJourneys.runID])
    #expect(try sandbox.records().isEmpty)
  }

  @Test func deleteWhoseReportCannotBeWrittenDeletesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await Child.run(
      "/bin/sh", ["-c", "\(CLISandbox.shellQuoted(RoadtripBinary.path)) delete bbbb --json > /dev/full"],
      environment: sandbox.environment, in: sandbox.folder, timeout: nil)
    #expect(result.exitCode == 74, "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  @Test func undoAndRedoPrintWhatTheyChanged() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "name=Coast", "duration=2h").expectSuccess()
    let undo = try await sandbox.run("undo", "--json").expectSuccess()
    let object = try #require(try Self.json(undo) as? [String: Any], "\(undo)")
    #expect(object["change"] as? String == "undo")
    #expect(object["reverts"] as? Int == 2)
    #expect(object["commandBatch"] as? Int == 2)
    #expect(object["batch"] as? Int == 3)
    #expect(object["command"] as? String == "roadtrip set aaaa1 name=Coast duration=2h")
    #expect(object["updated"] as? Int == 1)
    #expect(object["fields"] as? [String] == ["name", "duration"])
    #expect(undo.standardError.hasPrefix("Undid roadtrip set"))
    let redo = try await sandbox.run("redo", "--json").expectSuccess()
    #expect((try Self.json(redo) as? [String: Any])?["change"] as? String == "redo")
    #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast")
  }

  @Test func dbPathSaysWhetherTheDatabaseExists() async throws {
    let sandbox = try CLISandbox()
    let missing = try await sandbox.run("db", "path", "--json").expectSuccess()
    let object = try #require(try Self.json(missing) as? [String: Any])
    #expect(object["path"] as? String == sandbox.databasePath)
    #expect(object["exists"] as? Bool == false)
    try sandbox.seedSamples()
    let present = try await sandbox.run("db", "path", "--json").expectSuccess()
    #expect((try Self.json(present) as? [String: Any])?["exists"] as? Bool == true)
  }

  @Test func syncStatusAsJSONUsesJSONTypes() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let never = try await sandbox.run("sync", "--status", "--json").expectSuccess()
    let object = try #require(try Self.json(never) as? [String: Any], "\(never)")
    #expect(object["replica"] is NSNull)
    #expect(object["syncRequired"] as? Bool == true)
    let remote = sandbox.folder.file("remote")
    try await sandbox.run("sync", remote).expectSuccess()
    try await sandbox.run("set", "aaaa1", "name=Coast").expectSuccess()
    let synced = try await sandbox.run("sync", "--status", "--json").expectSuccess()
    let status = try #require(try Self.json(synced) as? [String: Any], "\(synced)")
    #expect(status["remote"] as? String == remote)
    #expect(status["remoteKind"] as? String == "folder")
    #expect(status["unsentBatches"] as? Int == 1)
    #expect(status["heldBack"] as? [Any] != nil)
    #expect((status["lastSync"] as? String)?.hasSuffix("Z") == true)
    let refused = try await sandbox.run("sync", "--json")
    refused.expectExit(64)
  }
}
