import Foundation
import JourneyStore
import Testing

/// The README's concurrency example, as written (no `@testable`): a bulk import off the main
/// actor, taken in by the main actor's database and its live list without `refresh()`.
@MainActor
@Suite("A bulk import off the main actor")
struct BackgroundImportTests {
  func importInBackground(_ ndjson: String, into database: JourneyDatabase) async throws -> Int {
    let reader = JourneyReader(text: ndjson, format: .ndjson)    // made here, read on the import's thread
    let summary = try await database.importJourneys(from: reader) { progress in
      print("\(progress.completed) journeys read")                // on the import's thread
    }
    return summary.inserted                   // the main actor's journeys and live lists show them already
  }

  @Test func theMainActorsLiveListFollowsAnImportMadeOffIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try JourneyDatabase(path: folder.appendingPathComponent("journeys.sqlite").path)
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    #expect(buses.journeys.isEmpty)
    let lines = (0..<500).map {
      #"{"name":"Bus \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    #expect(try await importInBackground(lines.joined(separator: "\n"), into: database) == 500)
    #expect(buses.journeys.count == 500)
  }
}
