import Foundation
import Testing
@testable import JourneyStore

/// `watch` runs as a real background process while other processes edit the same file.
@Suite("roadtrip watch")
struct WatchCommandTests {
  @Test func printsTheChangesOtherProcessesCommitUntilCount() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "aaaa1", "--count", "3", "--format", "ndjson"])
    defer { watch.stop() }
    // Edit until the watch has seen three changes: it may start after the first edits.
    var names: [String] = []
    for round in 0..<200 where watch.isRunning {
      try await sandbox.run("set", "aaaa1", "name=n\(round)").expectSuccess()
      try await sandbox.run("set", "bbbb", "name=other \(round)").expectSuccess()  // filtered out
      names.append("n\(round)")
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let objects = try watch.output().split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(objects.count == 3)
    let seen = objects.compactMap { $0["new"] as? String }
    #expect(seen.count == 3)
    // Three consecutive edits, in commit order.
    if let first = seen.first, let start = names.firstIndex(of: first) {
      #expect(Array(names[start..<min(start + 3, names.count)]) == seen)
    } else {
      Issue.record("the watch printed \(seen), not edits that were made")
    }
    #expect(objects.allSatisfy { $0["journey"] as? String == SampleJourneys.coastID && $0["field"] as? String == "name" })
  }

  /// An import of 1,100 journeys is logged as a range of rowids (`Schema.version7`): the watch
  /// prints it as it lands, one insert per journey, in the file's order.
  @Test func printsAnImportLoggedAsARangeOneInsertPerJourney() async throws {
    let sandbox = try CLISandbox()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--count", "1", "--format", "ndjson"])
    defer { watch.stop() }
    // Import until the watch has seen one: it may start after the first imports.
    var imports: [[String]] = []
    for _ in 0..<20 where watch.isRunning {
      let ids = (0..<1_100).map { _ in UUID().lowercasedText }
      let lines = ids.map {
        #"{"id":"\#($0)","name":"J","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
      }
      try await sandbox.run("import", "-", input: lines.joined(separator: "\n")).expectSuccess()
      imports.append(ids)
      try await Task.sleep(for: .milliseconds(200))
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let objects = try watch.output().split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(objects.allSatisfy { $0["change"] as? String == "insert" })
    let printed = objects.compactMap { $0["journey"] as? String }
    #expect(imports.contains(printed), "the watch printed \(printed.count) journeys, not one import's")
  }

  @Test func anInterruptEndsItCleanlyWithEveryLineWhole() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--format", "table"])
    defer { watch.stop() }
    for round in 0..<200 where watch.output().isEmpty {
      try await sandbox.run("transport", "bbbb", round.isMultiple(of: 2) ? "car" : "bus")
        .expectSuccess()
      try await Task.sleep(for: .milliseconds(20))
    }
    kill(watch.process.processIdentifier, SIGINT)
    #expect(try await watch.waitForExit(within: .seconds(10)) == 0)
    let output = watch.output()
    #expect(output.hasSuffix("\n"))
    #expect(output.contains(#"bbbb3333  Ferry, "the big one"  update  transportationType"#))
  }

  /// `--count` counts batches, as `history --limit` does: one statement of the sqlite3 shell
  /// that changes four fields is one batch of four lines, printed whole, and `--count 1` ends
  /// after it, never in its middle, nor with a line of the next.
  @Test(arguments: ["ndjson", "json", "table"])
  func countCountsBatchesEachPrintedWhole(format: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--count", "1", "--format", format])
    defer { watch.stop() }
    // The watch may start after the first statements: they go on until it ends.
    for round in 0..<200 where watch.isRunning {
      let result = try await sandbox.sqlite3("""
        UPDATE journey SET name = 'n\(round)', duration = duration + 60, start_date = start_date + 60,
          transportation_type = CASE transportation_type WHEN 'bike' THEN 'bus' ELSE 'bike' END
        WHERE id = '\(SampleJourneys.coastID)'
        """)
      result.expectSuccess()
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let output = watch.output()
    switch format {
    case "table":
      let lines = output.split(separator: "\n")
      #expect(lines.count == 4, "\(output)")
      let batches = Set(lines.map { $0.firstMatch(of: /#\d+/).map { String($0.0) } })
      #expect(batches.count == 1 && lines.allSatisfy { $0.contains("outside roadtrip") }, "\(output)")
    default:
      let objects: [[String: Any]] = try format == "json"
        ? #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        : output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
      #expect(Set(objects.compactMap { $0["field"] as? String }) == ["name", "duration", "startDate", "transportationType"])
      #expect(objects.count == 4 && Set(objects.compactMap { $0["batch"] as? Int }).count == 1, "\(output)")
    }
  }

  /// `--count 2` is two commands' changes, whatever their number of lines; a command on another
  /// journey than the ids watched is not one of them.
  @Test func countOfTwoIsTwoCommandsWhole() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "aaaa1", "--count", "2", "--format", "ndjson"])
    defer { watch.stop() }
    for round in 0..<200 where watch.isRunning {
      try await sandbox.run("set", "bbbb", "name=other \(round)").expectSuccess()  // not watched
      try await sandbox.run("set", "aaaa1", "name=n\(round)", "duration=\(round + 1)m")
        .expectSuccess()
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let objects = try watch.output().split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(objects.count == 4, "\(watch.output())")
    #expect(objects.map { $0["field"] as? String } == ["name", "duration", "name", "duration"])
    #expect(Set(objects.compactMap { $0["batch"] as? Int }).count == 2)
  }

  /// `--format json` is one array of the changes, closed at `--count`, that jq reads whole.
  @Test func jsonIsOneArrayClosedAtCount() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--count", "2", "--json"])
    defer { watch.stop() }
    for round in 0..<200 where watch.isRunning {
      try await sandbox.run("set", "bbbb", "name=n\(round)").expectSuccess()
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(watch.output().utf8)) as? [[String: Any]])
    #expect(array.count == 2)
    #expect(array.allSatisfy { $0["field"] as? String == "name" })
  }

  /// Ctrl-C closes the array too: what was printed is valid JSON, also when nothing changed.
  @Test func jsonIsClosedOnInterrupt() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--format", "json"])
    defer { watch.stop() }
    try await Task.sleep(for: .milliseconds(500))
    kill(watch.process.processIdentifier, SIGINT)
    #expect(try await watch.waitForExit(within: .seconds(10)) == 0)
    let array = try JSONSerialization.jsonObject(with: Data(watch.output().utf8)) as? [Any]
    #expect(array?.isEmpty == true, "\(watch.output())")
  }

  /// A watch started before its database exists (in a folder that exists, or not yet) prints
  /// the write that creates it, and creates nothing itself meanwhile (issue 22).
  @Test(arguments: ["w.sqlite", "new/deeper/w.sqlite"])
  func theWriteThatCreatesTheDatabaseIsPrinted(_ name: String) async throws {
    let sandbox = try CLISandbox()
    let path = sandbox.folder.file(name)
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["--db", path, "watch", "--count", "1", "--format", "ndjson"])
    defer { watch.stop() }
    try await Task.sleep(for: .milliseconds(500))
    #expect(watch.isRunning)
    #expect(!sandbox.exists(path) && !sandbox.exists(sandbox.folder.file("new")), "watch created a file")
    let added = try await sandbox.run("--db", path, "add", "First")
    added.expectSuccess()
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0, "\(watch.output())")
    let objects = try watch.output().split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(objects.count == 1, "\(watch.output())")
    #expect(objects.first??["change"] as? String == "insert")
    #expect(objects.first??["journey"] as? String == added.lines.first)
  }

  @Test func jsonAndAnotherFormatIsAUsageError() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("watch", "--json", "--format", "ndjson")
    result.expectExit(64)
    #expect(result.standardError.contains("--json is short for --format json"))
  }
}
