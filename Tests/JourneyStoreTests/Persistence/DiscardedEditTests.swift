import Foundation
import Testing
import JourneyStore

/// A journey another program deletes while it has unsaved edits here: taking the delete in drops
/// the edits, and `onEditsDiscarded` says so, with the objects that still hold them.
@MainActor
@Suite("Unsaved edits discarded by a delete elsewhere")
struct DiscardedEditTests {
  static func deleteWithTheShell(_ journeys: [Journey], in sandbox: CLISandbox) async throws {
    let ids = journeys.map { "'\($0.id.uuidString.lowercased())'" }.joined(separator: ", ")
    let deleted = try await sandbox.sqlite3("DELETE FROM journey WHERE id IN (\(ids))")
    deleted.expectSuccess()
  }

  @Test func refreshReportsTheEditsItDrops() async throws {
    let sandbox = try CLISandbox()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let edited = try await database.add(Journey(name: "Coast", transportationType: .car))
    let untouched = try await database.add(Journey(name: "Ferry", transportationType: .bus))
    let kept = try await database.add(Journey(name: "Run", transportationType: .walkOrRun))
    var discarded: [[Journey]] = []
    database.onEditsDiscarded = { discarded.append($0) }
    edited.name = "Coast road, unsaved"
    kept.name = "Run, unsaved"
    try await Self.deleteWithTheShell([edited, untouched], in: sandbox)

    let changes = try database.refresh()
    #expect(changes.contains { $0.kind == .delete && $0.journeyID == edited.id })
    #expect(discarded.count == 1)
    #expect(discarded.first?.map(\.id) == [edited.id], "only the deleted journey with edits is reported")
    #expect(discarded.first?.first === edited)
    #expect(edited.name == "Coast road, unsaved", "the object keeps what was typed")
    // The other edit is still there, and saves.
    #expect(database.hasChanges)
    try await database.save()
    #expect(!database.hasChanges)
    #expect(try database.journey(id: kept.id)?.name == "Run, unsaved")
    // What was lost can be added again, as it was typed.
    try await database.add(edited)
    #expect(try JourneyDatabase(path: sandbox.databasePath).journey(id: edited.id)?.name == "Coast road, unsaved")
  }

  @Test func aDeleteOfAJourneyWithoutEditsReportsNothing() async throws {
    let sandbox = try CLISandbox()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let journey = try await database.add(Journey(name: "Coast"))
    var discarded: [[Journey]] = []
    database.onEditsDiscarded = { discarded.append($0) }
    try await Self.deleteWithTheShell([journey], in: sandbox)
    #expect(try database.refresh().count > 0)
    #expect(discarded.isEmpty)
  }

  @Test(.timeLimit(.minutes(3))) func followingReportsItWithoutARefresh() async throws {
    let sandbox = try CLISandbox()
    let database = try JourneyDatabase(path: sandbox.databasePath)
    let journey = try await database.add(Journey(name: "Coast"))
    let list = database.liveJourneys()
    #expect(list.journeys.count == 1)
    var discarded: [Journey] = []
    database.onEditsDiscarded = { discarded += $0 }
    journey.name = "Coast road, unsaved"
    let following = Task { @MainActor in try await database.follow() }
    try await Self.deleteWithTheShell([journey], in: sandbox)
    let deadline = ContinuousClock.now + .seconds(10)
    while discarded.isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    following.cancel()
    try await following.value
    #expect(discarded.map(\.id) == [journey.id])
    #expect(list.journeys.isEmpty, "told once the list no longer holds it")
  }
}
