import Foundation
import JourneyStore
import Testing

/// Every write has an async form, which waits for another process's lock off the caller's actor
/// (`CallerStallTests` measures the stalls) and behaves as the synchronous form does. The public
/// API only.
@MainActor
@Suite("Async writes")
struct AsyncWriteTests {
  @Test func anAsyncSaveThatFindsTheJourneyDeletedSavesTheOthersAndNamesIt() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let kept = try await database.add(Journey(name: "Kept"))
    let deleted = try await database.add(Journey(name: "Deleted"))
    kept.name = "Kept, renamed"
    deleted.name = "Deleted, renamed"
    let shell = try await SQLiteShell.run("DELETE FROM journey WHERE id = '\(deleted.id.uuidString.lowercased())'", on: database.path, in: folder)
    #expect(shell.exitCode == 0)

    await #expect(throws: JourneyDatabaseError.deletedElsewhere([deleted.id])) { try await database.save() }
    #expect(try JourneyDatabase(path: database.path).journey(id: kept.id)?.name == "Kept, renamed")
  }
}
