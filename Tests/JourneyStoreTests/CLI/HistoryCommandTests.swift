import Foundation
import Testing
@testable import JourneyStore

@Suite("roadtrip history")
struct HistoryCommandTests {
  @Test func listsEveryChangeNewestFirstWithItsCommand() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "name=Coast, again", "duration=2h").expectSuccess()
    try await sandbox.run("delete", "bbbb").expectSuccess()

    let result = try await sandbox.run("history", "--format", "ndjson")
    result.expectSuccess()
    let objects = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    #expect(objects.count == 9)  // 4 field values of the deleted ferry, 2 updates, 3 inserts
    let delete = objects[0]
    #expect(delete["change"] as? String == "delete" && delete["command"] as? String == "roadtrip delete bbbb")
    #expect(delete["journey"] as? String == SampleJourneys.ferryID && delete["new"] == nil)
    #expect(Set(objects[0..<4].compactMap { $0["field"] as? String }) == Set(JourneyField.all.map(\.name)))
    let duration = try #require(objects.first { $0["field"] as? String == "duration" && $0["change"] as? String == "update" })
    #expect(duration["old"] as? Double == 5400 && duration["new"] as? Double == 7200)
    #expect(duration["batch"] as? Int == 2)
    #expect(Date(iso8601: duration["at"] as? String ?? "") != nil)
    let insert = try #require(objects.last)
    #expect(insert["change"] as? String == "insert" && insert["field"] == nil && insert["old"] == nil)
    #expect(Set(insert.keys) == ["batch", "at", "command", "journey", "change"])
  }

  /// An import of 1,100 journeys is logged as a range of rowids (`Schema.version7`); the binary's
  /// history, a journey's history, undo and `db check` read it as a row per journey, also after
  /// its last journeys were deleted and their rowids given to new ones.
  @Test func anImportLoggedAsARangeReadsAsOneInsertPerJourney() async throws {
    let sandbox = try CLISandbox()
    let ids = (0..<1_100).map { _ in UUID().lowercasedText }
    let lines = ids.enumerated().map { index, id in
      #"{"id":"\#(id)","name":"J\#(index)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try await sandbox.run("import", "-", input: lines.joined(separator: "\n")).expectSuccess()
    try await sandbox.run("delete", ids[1_099], ids[1_098], "--yes").expectSuccess()
    try await sandbox.run("add", "Added", "--transport", "car").expectSuccess()

    let history = try await sandbox.run("history", "--format", "ndjson")
    history.expectSuccess()
    let objects = try history.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    let imported = objects.filter { $0["batch"] as? Int == 1 }
    #expect(imported.count == 1_100 && imported.allSatisfy { $0["change"] as? String == "insert" })
    #expect(imported.compactMap { $0["journey"] as? String } == ids.reversed())
    let added = try #require(objects.first { $0["batch"] as? Int == 3 })
    #expect(!ids.contains(added["journey"] as? String ?? ""))
    let one = try await sandbox.run("history", ids[500], "--format", "ndjson", "--limit", "5")
    #expect(one.lines.count == 1 && one.standardOutput.contains(#""batch":1"#), "\(one)")
    try await sandbox.run("db", "check").expectSuccess()
    for _ in 0..<3 { #expect(try await sandbox.run("undo", "--yes").exitCode == 0) }
    #expect(try sandbox.records().isEmpty)
    try await sandbox.run("redo", "--yes").expectSuccess()
    #expect(Set(try sandbox.records().keys) == Set(ids))
  }

  @Test func filtersByJourneyEvenADeletedOneAndLimits() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", "bbbb", "car").expectSuccess()
    try await sandbox.run("delete", "bbbb").expectSuccess()

    let ferry = try await sandbox.run("history", "bbbb", "--format", "json")
    ferry.expectSuccess()
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(ferry.standardOutput.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["change"] as? String } == ["delete", "delete", "delete", "delete", "update", "insert"])
    #expect(objects.allSatisfy { $0["journey"] as? String == SampleJourneys.ferryID })

    // --limit counts batches (commands), not the fields they changed.
    let limited = try await sandbox.run("history", "--limit", "2", "--format", "ndjson")
    let batches = try limited.lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["batch"] as? Int
    }
    #expect(Set(batches).count == 2)
    let all = try await sandbox.run("history", "--format", "ndjson")
    #expect(all.lines.prefix(batches.count) == limited.lines[...])
    let since = try await sandbox.run("history", "--since", "2999-01-01", "--format", "ndjson")
    #expect(since.exitCode == 0 && since.lines.isEmpty, "\(since)")
    let until = try await sandbox.run("history", "--until", "2999-01-01", "--format", "ndjson")
    #expect(until.lines == all.lines)
    try await sandbox.run("history", "--since", "yesterday-ish").expectExit(64)
    let ambiguous = try await sandbox.run("history", "aaaa")
    #expect(ambiguous.exitCode == 64 && ambiguous.standardError.contains("ambiguous"))
    let unknown = try await sandbox.run("history", "cccc")
    unknown.expectExit(66)
  }

  @Test func theTableHasOneLinePerChangeWithOldAndNewValues() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "bbbb", "name=Line\nbreak").expectSuccess()
    let result = try await sandbox.run("history", "bbbb", "--format", "table")
    result.expectSuccess()
    #expect(result.lines.count == 2)
    let update = try #require(result.lines.first)
    #expect(update.contains("#2"))
    #expect(update.contains(#"bbbb3333  Line\nbreak           update  name"#), "the name as it is now, escaped")
    #expect(update.contains(#"'Ferry, "the big one"' → 'Line\nbreak'"#))
    #expect(update.hasSuffix("roadtrip set bbbb 'name=Line\\nbreak'"))
    #expect(!result.standardOutput.contains("\u{1B}"))
  }

  @Test func anEmptyOrMissingDatabaseHasNoHistoryAndIsNotCreated() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("history")
    #expect(result.exitCode == 0 && result.standardOutput.isEmpty, "\(result)")
    #expect(!sandbox.exists(sandbox.databasePath))
    let json = try await sandbox.run("history", "--format", "json")
    #expect(json.standardOutput == "[]\n")
  }
}

extension HistoryCommandTests {
  @Test func theTableNamesEachJourneyAsItIsNowOrWasWhenDeleted() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("set", "aaaa1", "name=A name much longer than twenty columns")
      .expectSuccess()
    try await sandbox.run("delete", "bbbb").expectSuccess()
    let result = try await sandbox.run("history", "--format", "table")
    result.expectSuccess()
    #expect(result.lines.contains { $0.contains(#"bbbb3333  Ferry, "the big one"  delete"#) }, "\(result)")
    #expect(result.lines.contains { $0.contains("aaaa1111  A name much longer than twenty columns  update  name") }, "\(result)")
  }

  /// `at` is to the millisecond, rounded down: `--since` that time keeps the batch.
  @Test func timesHaveMillisecondsAtMost() async throws {
    let sandbox = try CLISandbox()
    try await sandbox.run("add", "x").expectSuccess()
    let json = try await sandbox.run("history", "--json")
    let changes = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    let at = try #require(changes.first?["at"] as? String)
    let fraction = at.split(separator: ".").dropFirst().first.map { $0.dropLast().count } ?? 0
    #expect(fraction <= 3, "\(at)")
    let since = try await sandbox.run("history", "--since", at, "--format", "ndjson")
    #expect(since.lines.count == 1, "\(since)")
  }
}
