import Foundation
import Testing
import JourneyStore

/// An app's Undo menu takes back the user's own changes: a database's `undo()` and `redo()`
/// revert the batches of its configuration's origin, whatever other programs committed since;
/// `UndoScope.wholeFile` reverts the file's newest batch, whoever wrote it. The public API only,
/// as a client package sees it.
@Suite("Undo of one's own changes")
struct OwnUndoTests {
  private static func open(_ folder: TemporaryFolder, origin: String) throws -> JourneyDatabase {
    try JourneyDatabase(path: folder.file("journeys.sqlite"), configuration: .init(origin: origin))
  }

  @Test func undoTakesBackThisDatabasesChangeNotAnotherProgramsLaterOne() throws {
    let folder = try TemporaryFolder()
    let app = try Self.open(folder, origin: "the app")
    let journey = try app.add(Journey(name: "Commute", transportationType: .car))
    journey.name = "Commute, edited"
    try app.save()
    let theirs = try OtherProgram.insertJourney(named: "Theirs", on: app.path)
    _ = try app.refresh()

    let undone = try #require(try app.undo())
    #expect(undone.origin == "the app")
    #expect(journey.name == "Commute")
    #expect(try app.journey(id: theirs)?.name == "Theirs", "another program's later add stays")

    // Another program's command does not end this database's redo; its own next command does.
    try OtherProgram.insertJourney(named: "Theirs again", on: app.path)
    _ = try app.refresh()
    #expect(try app.redo()?.origin == "the app")
    #expect(journey.name == "Commute, edited")
    #expect(try app.count() == 3)
    try app.undo()
    try app.add(Journey(name: "A new command"))
    #expect(try app.redo() == nil)
  }

  @Test func aDatabaseWithAnotherOriginHasNothingOfItsOwnToUndo() throws {
    let folder = try TemporaryFolder()
    let app = try Self.open(folder, origin: "the app")
    try app.add(Journey(name: "Mine"))
    let other = try Self.open(folder, origin: "another window")
    #expect(try other.undo() == nil)
    #expect(try app.count() == 1)
  }

  @Test func theWholeFileScopeRevertsTheNewestBatchWhoeverWroteIt() throws {
    let folder = try TemporaryFolder()
    let app = try Self.open(folder, origin: "the app")
    let journey = try app.add(Journey(name: "Mine"))
    let theirs = try OtherProgram.insertJourney(named: "Theirs", on: app.path)

    let undone = try #require(try app.undo(scope: .wholeFile))
    #expect(undone.origin == "outside roadtrip")
    #expect(try app.journey(id: theirs) == nil)
    #expect(try app.journey(id: journey.id) != nil)
    #expect(try app.redo(scope: .wholeFile)?.inserted == 1)
    #expect(try app.journey(id: theirs)?.name == "Theirs")
  }

  @Test func theAsyncFormsTakeBackThisDatabasesChangesToo() async throws {
    let folder = try TemporaryFolder()
    let app = try Self.open(folder, origin: "the app")
    let journey = try await app.add(Journey(name: "Commute"))
    journey.duration = 7200
    try await app.save()
    let theirs = try OtherProgram.insertJourney(named: "Theirs", on: app.path)

    let undone: RevertSummary? = try await app.undo()
    #expect(undone?.fields == [.duration])
    #expect(journey.duration == 3600)
    #expect(try app.journey(id: theirs) != nil)
    let redone: RevertSummary? = try await app.redo()
    #expect(redone?.fields == [.duration])
    #expect(journey.duration == 7200)
    let wholeFile: RevertSummary? = try await app.undo(scope: .wholeFile)
    #expect(wholeFile?.origin == "the app", "the redo is the newest batch of the file")
  }
}
