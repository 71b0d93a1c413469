import Foundation
import Synchronization
import Testing
@testable import JourneyStore

@Suite("Importing journeys")
struct ImportTests {
  static func line(_ id: String? = nil, name: String, type: String = "car", start: String = "2026-11-21T08:00:00Z", duration: Double = 60) -> String {
    let idMember = id.map { "\"id\":\"\($0)\"," } ?? ""
    return "{\(idMember)\"name\":\"\(name)\",\"transportationType\":\"\(type)\",\"startDate\":\"\(start)\",\"duration\":\(duration)}\n"
  }

  static let ids = (1...3).map { String(format: "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a%04d", $0) }

  @Test func importsEverythingAsOneBatchOfInsertsWithoutValues() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder, origin: "roadtrip import")
    let text = Self.line(Self.ids[0], name: "One", type: "bike") + Self.line(name: "Two, no id", duration: 90.5)
    let summary = try database.importJourneys(from: JourneyReader(text: text, format: .ndjson))
    #expect(summary == ImportSummary(inserted: 2))
    let one = try #require(try database.journey(id: UUID(uuidString: Self.ids[0])!))
    #expect(one.name == "One")
    #expect(one.transportationType == .bike)
    #expect(one.startDate == Fixtures.morning)
    let two = try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).last
    #expect(two?.name == "Two, no id")
    #expect(two?.duration == 90.5)
    let changes = try Fixtures.changes(in: database.path)
    #expect(changes.count == 2)
    #expect(changes.allSatisfy { $0.kind == "insert" && $0.batch == 1 && $0.old == .null && $0.new == .null })
  }

  @Test func aMalformedRecordImportsNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let text = Self.line(name: "Fine") + Self.line(name: "Also fine") + Self.line(name: "Bad", type: "zeppelin")
    let error = try #require(throws: InterchangeError.self) {
      try database.importJourneys(from: JourneyReader(text: text, format: .ndjson))
    }
    guard case .malformed(let line, let reason) = error else { Issue.record("\(error)"); return }
    #expect(line == 3)
    #expect(reason.contains("'zeppelin' is not a transportation type"))
    #expect(try database.count() == 0)
    #expect(try Fixtures.batchCount(in: database.path) == 0)
  }

  @Test func conflictsFailSkipOrReplace() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    _ = try database.importJourneys(from: JourneyReader(
      text: Self.line(Self.ids[0], name: "Original", type: "bus") + Self.line(Self.ids[1], name: "Same"), format: .ndjson))
    let managed = try #require(try database.journey(id: UUID(uuidString: Self.ids[0])!))
    let again = Self.line(Self.ids[2], name: "New") + Self.line(Self.ids[0], name: "Replacement", type: "bus")
      + Self.line(Self.ids[1], name: "Same")

    let error = try #require(throws: InterchangeError.self) {
      try database.importJourneys(from: JourneyReader(text: again, format: .ndjson))
    }
    #expect(error == .malformed(line: 2, reason: "a journey with the id \(Self.ids[0]) already exists; use --on-conflict skip, replace or update"))
    #expect(try database.count() == 2)

    #expect(try database.importJourneys(from: JourneyReader(text: again, format: .ndjson), onConflict: .skip)
      == ImportSummary(inserted: 1, skipped: 2))
    #expect(managed.name == "Original")
    try database.delete(ids: [UUID(uuidString: Self.ids[2])!])

    let changesBefore = try Fixtures.changes(in: database.path).count
    #expect(try database.importJourneys(from: JourneyReader(text: again, format: .ndjson), onConflict: .replace)
      == ImportSummary(inserted: 1, replaced: 1, unchanged: 1))
    #expect(managed.name == "Replacement")
    let changes = try Fixtures.changes(in: database.path).dropFirst(changesBefore)
    // One insert, and one update for the only field that changed, in the order of the input;
    // the identical journey leaves no trace.
    #expect(changes.map(\.kind) == ["insert", "update"])
    #expect(changes.last?.field == "name")
    #expect(changes.last?.old == .text("Original"))
    #expect(changes.last?.new == .text("Replacement"))
  }

  @Test func aLargeImportRebuildsTheIndexesItDropped() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let indexes = try Self.indexes(of: database)
    #expect(indexes.count == 6)  // three of journey, two of change, one of batch
    let count = IndexDeferral.threshold + 1_000
    let text = (0..<count).map { Self.line(name: "Journey \($0)", type: TransportationType.allCases[$0 % 8].rawValue) }.joined()

    // A failure after the indexes were dropped leaves them, and everything else, as it was.
    let failing = text + Self.line(name: "Bad", duration: -1)
    #expect(throws: InterchangeError.self) {
      try database.importJourneys(from: JourneyReader(text: failing, format: .ndjson))
    }
    #expect(try Self.indexes(of: database) == indexes)
    #expect(try database.count() == 0)

    var reported: [Int] = []
    let summary = try database.importJourneys(from: JourneyReader(text: text, format: .ndjson)) { reported.append($0) }
    #expect(summary.inserted == count)
    #expect(reported.last == count)
    #expect(try Self.indexes(of: database) == indexes)
    #expect(try database.count(JourneyQuery(transportationTypes: [.bike])) == count / 8 + (count % 8 > 3 ? 1 : 0))
    var integrity: [String] = []
    try database.connection.forEachRow("PRAGMA integrity_check") { integrity.append($0.text(at: 0)) }
    #expect(integrity == ["ok"])
  }

  @Test(arguments: [InterchangeFormat.ndjson, .json, .csv])
  func writtenJourneysImportBackExactly(format: InterchangeFormat) throws {
    let folder = try TemporaryFolder()
    var generator = SystemRandomNumberGenerator()
    let journeys = (0..<300).map { index in
      Journey(
        name: ["", "plain", "comma, \"quote\"\nnewline", "tab\tbackslash\\", "émoji 🚲", "nul\u{0}"][index % 6] + "\(index)",
        transportationType: TransportationType.allCases[index % 8],
        startDate: Date(timeIntervalSinceReferenceDate: .random(in: -6.3e10...2.5e11, using: &generator)),
        duration: index % 3 == 0 ? Double(index * 60) : .random(in: 0...1e7, using: &generator))
    }
    var text = ""
    var writer = JourneyWriter(format: format) { text += $0 }
    for journey in journeys { try writer.write(journey) }
    try writer.finish()

    let database = try Fixtures.database(in: folder)
    #expect(try database.importJourneys(from: JourneyReader(text: text, format: format)).inserted == journeys.count)
    for journey in journeys {
      let read = try #require(try database.journey(id: journey.id))
      #expect(read.name == journey.name)
      #expect(read.transportationType == journey.transportationType)
      #expect(read.startDate == journey.startDate)
      #expect(read.duration == journey.duration)
    }
  }

  static func indexes(of database: JourneyDatabase) throws -> [String] {
    var names: [String] = []
    try database.connection.forEachRow("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") {
      names.append($0.text(at: 0))
    }
    return names
  }
}

extension ImportTests {
  @Test func aJourneyInsertedThenReplacedByTheSameImportIsLoggedInThatOrder() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0009"
    let text = """
      {"id":"\(id)","name":"First","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}
      {"id":"\(id)","name":"Second","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}
      """
    #expect(try database.importJourneys(from: JourneyReader(text: text, format: .ndjson), onConflict: .replace)
      == ImportSummary(inserted: 1, replaced: 1))
    let changes = try Fixtures.changes(in: database.path)
    #expect(changes.map(\.kind) == ["insert", "update"])
    #expect(changes.last?.new == .text("Second"))
    #expect(try database.undo()?.deleted == 1)
    #expect(try database.count() == 0)
  }

  /// A dry run on a file its first write would upgrade runs on a copy in memory: the counts and
  /// conflicts of an import, and the file as it was, its version, its journeys, no upgrade told.
  @Test(arguments: 1..<Schema.currentVersion)
  func aDryRunDoesNotUpgradeAnOlderFile(version: Int64) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.sqlite")
    try FileManager.default.copyItem(
      atPath: MigrationTests.fixtures.appendingPathComponent("journeys-v\(version).sqlite").path, toPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let upgrades = Mutex(0)
    let database = try JourneyDatabase(
      path: path, configuration: .init(createsFile: false, didUpgradeSchema: { _, _ in upgrades.withLock { $0 += 1 } }))
    let existing = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0004"
    let text = Self.line(name: "New") + Self.line(existing, name: "Taken")
    let summary = try database.importJourneys(
      from: JourneyReader(text: text, format: .ndjson), onConflict: .skip, isDryRun: true)
    #expect(summary == ImportSummary(inserted: 1, skipped: 1))
    #expect(throws: InterchangeError.self) {
      try database.importJourneys(from: JourneyReader(text: text, format: .ndjson), isDryRun: true)
    }
    #expect(try database.schemaVersion == version)
    #expect(try database.journeys(JourneyQuery(sortedBy: [])).count == 8)
    #expect(upgrades.withLock { $0 } == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
