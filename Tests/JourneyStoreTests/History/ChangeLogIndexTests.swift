import Foundation
import Testing
@testable import JourneyStore

/// The queries that find a journey's rows in the change log go through its index by journey,
/// whose expression (the id's first 8 characters, schema version 4) they must name exactly as
/// the index has it: a query that did not would read the whole log, row by row.
@Suite("The change log's index by journey")
struct ChangeLogIndexTests {
  static let queries: [(String, String)] = [
    ("ids in the log by prefix", ChangeLog.journeysByPrefix),
    ("a deleted journey's name", ChangeLog.nameWhenDeleted),
    ("the batches that touched a journey", "SELECT id FROM batch WHERE " + ChangeLog.touches(journeyAt: 1)),
    ("a batch's delete of a journey", "SELECT u.id FROM change u WHERE " + Reversal.deletedInBatch(deletedKind: "delete")),
  ]

  @Test(arguments: queries.indices)
  func findsAJourneysRowsThroughTheIndex(_ index: Int) throws {
    let (name, sql) = Self.queries[index]
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<50).map { Journey(name: "\($0)") }
    try database.add(contentsOf: journeys)
    try database.delete(ids: journeys.prefix(10).map(\.id))
    try database.connection.execute("ANALYZE")
    var plan: [String] = []
    try database.connection.forEachRow("EXPLAIN QUERY PLAN " + sql, [.text(journeys[0].id.lowercasedText)]) {
      plan.append($0.text(at: 3))
    }
    #expect(plan.contains { $0.contains("USING INDEX change_by_journey") }, "\(name): \(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN change") }, "\(name): \(plan)")
  }
}
