import Foundation
import Testing
@testable import JourneyStore

/// `undo` and `redo` revert whole batches of the change log, and never silently overwrite a newer change.
@Suite("Undo and redo")
struct UndoTests {
  @Test func undoAndRedoASingleEdit() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Commute", transportationType: .car))
    try database.edit(journey.id) { $0.transportationType = .bike }

    let undone = try #require(try database.undo())
    #expect(undone.kind == .undo && undone.updated == 1 && undone.fields == [.transportationType])
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("car"))
    #expect(journey.transportationType == .car)  // the managed journey was refreshed

    let redone = try #require(try database.redo())
    #expect(redone.kind == .redo && redone.revertedBatch == undone.batch)
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("bike"))
    #expect(journey.transportationType == .bike)
    #expect(try database.redo() == nil)
  }

  /// An import that inserts a journey and later replaces it (its id again, `--on-conflict
  /// replace`) logs an insert and an update: its undo, redo and undo again all go through. The
  /// second undo reported a conflict: the journey no longer held the values first inserted.
  @Test func anImportThatReplacesAJourneyItInsertedUndoesAndRedoesAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = "00000030-0000-4000-8000-000000000000"
    let lines = [("00000010-0000-4000-8000-000000000000", "A", 60), (id, "C", 60), (id, "C2", 90)].map {
      #"{"id":"\#($0.0)","name":"\#($0.1)","transportationType":"bike","#
        + #""startDate":"2026-11-21T08:00:00Z","duration":\#($0.2)}"#
    }
    _ = try database.importJourneys(
      from: JourneyReader(text: lines.joined(separator: "\n") + "\n", format: .ndjson), onConflict: .replace)
    let imported = try database.journeys().map { "\($0.name) \($0.duration)" }.sorted()
    #expect(imported == ["A 60.0", "C2 90.0"])
    for cycle in 1...2 {
      #expect(try database.undo()?.deleted == 2, "undo \(cycle)")
      #expect(try database.count() == 0)
      #expect(try database.redo()?.inserted == 2, "redo \(cycle)")
      #expect(try database.journeys().map { "\($0.name) \($0.duration)" }.sorted() == imported)
    }
    #expect(try database.checkIntegrity().isSound)
  }

  @Test func aMultiFieldEditIsOneUnit() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let ids = try (0..<3).map {
      try database.add(Journey(name: "J\($0)", transportationType: .bus, startDate: Fixtures.morning, duration: 60)).id
    }
    try database.edit(ids: ids) { journey in
      journey.name += " renamed"
      journey.duration = 120
    }
    let undone = try #require(try database.undo())
    #expect(undone.updated == 3 && Set(undone.fields) == [.name, .duration])
    for (index, id) in ids.enumerated() {
      #expect(try Fixtures.row(id, in: database.path) == [.text("J\(index)"), .text("bus"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(60)])
    }
  }

  @Test func undoingADeleteBringsEveryFieldBackAndRedoDeletesAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = Journey(name: "Ferry 🚢", transportationType: .lightRail, startDate: Fixtures.morning, duration: 0.1 + 0.2)
    try database.add(journey)
    let before = try Fixtures.row(journey.id, in: database.path)
    try database.delete(journey)

    #expect(try database.undo()?.inserted == 1)
    #expect(try Fixtures.row(journey.id, in: database.path) == before)
    #expect(try database.redo()?.deleted == 1)
    #expect(try Fixtures.row(journey.id, in: database.path) == nil)
  }

  @Test func anImportIsOneUnitBothWays() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(Journey(name: "Before"))
    let lines = (0..<2_000).map { index in
      #"{"name":"Imported \#(index)","transportationType":"bike","startDate":"2026-11-21T08:00:00Z","duration":\#(index)}"#
    }
    _ = try database.importJourneys(from: JourneyReader(text: lines.joined(separator: "\n") + "\n", format: .ndjson))
    let exported = try database.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map { JourneyValues(readingUntracked: $0).stored + [.text($0.id.lowercasedText)] }

    let undone = try #require(try database.undo())
    #expect(undone.deleted == 2_000 && undone.inserted == 0)
    #expect(try database.count() == 1)
    #expect(try database.redo()?.inserted == 2_000)
    let reread = try JourneyDatabase(path: database.path)
    #expect(try reread.journeys(JourneyQuery(sortedBy: [.ascending(.name)])).map { JourneyValues(readingUntracked: $0).stored + [.text($0.id.lowercasedText)] } == exported)
    #expect(try reread.checkIntegrity().isSound)
  }

  @Test func undoingALargeImportRebuildsTheIndexesItDrops() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let indexes = try ImportTests.indexes(of: database)
    // Four log rows per journey undone: enough to pass the threshold at which indexes are dropped.
    let count = IndexDeferral.threshold / JourneyField.all.count + 10
    let text = (0..<count).map { #"{"name":"J\#($0)","transportationType":"car","startDate":"2026-11-21T08:00:00Z","duration":1}"# }
    _ = try database.importJourneys(from: JourneyReader(text: text.joined(separator: "\n"), format: .ndjson))
    #expect(try database.undo()?.deleted == count)
    #expect(try ImportTests.indexes(of: database) == indexes)
    #expect(try database.count() == 0)
    #expect(try database.checkIntegrity().isSound)
  }

  @Test func anImportThatNamesAnIdTwiceIsUndoneAndRedoneExactly() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let id = UUID().lowercasedText
    let text = [#"{"id":"\#(id)","name":"First","transportationType":"car","startDate":"2026-11-21T08:00:00Z","duration":60}"#,
                #"{"id":"\#(id)","name":"Second","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#]
    _ = try database.importJourneys(from: JourneyReader(text: text.joined(separator: "\n"), format: .ndjson), onConflict: .replace)
    let row = try Fixtures.row(UUID(uuidString: id)!, in: database.path)
    #expect(row?[0] == .text("Second"))
    // The batch's own update of the journey it inserted is not a newer change.
    #expect(try database.undo()?.deleted == 1)
    #expect(try database.redo()?.inserted == 1)
    #expect(try Fixtures.row(UUID(uuidString: id)!, in: database.path) == row)
  }

  @Test func undoingALargeBatchEditSetsEveryJourneyBack() throws {
    // Large enough that a conflict check which scans the batch for each of its rows (as one once
    // did) makes the suite take minutes instead of a second.
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<20_000).map { Journey(name: "J\($0)", transportationType: .car) }
    try database.add(contentsOf: journeys)
    try database.edit(ids: journeys.map(\.id)) { $0.transportationType = .bike }
    #expect(try database.undo()?.updated == 20_000)
    #expect(try database.count(JourneyQuery(transportationTypes: [.car])) == 20_000)
    #expect(try database.redo()?.updated == 20_000)
    #expect(try database.count(JourneyQuery(transportationTypes: [.bike])) == 20_000)
  }

  @Test func anUndoPutsBackWhatTheFileHeldNotWhatThisStoreLastRead() throws {
    let folder = try TemporaryFolder()
    let mine = try Fixtures.database(in: folder)
    let journey = try mine.add(Journey(name: "a"))
    try Fixtures.database(in: folder, origin: "theirs").edit(journey.id) { $0.name = "b" }
    journey.name = "c"   // this store still believes the name is "a"
    try mine.save()
    #expect(try mine.undo()?.fields == [.name])
    #expect(try Fixtures.row(journey.id, in: mine.path)?[0] == .text("b"))
    #expect(journey.name == "b")
  }

  @Test func undoWalksBackThroughCommandsAndANewCommandEndsRedo() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "a"))
    for name in ["b", "c"] {
      try database.edit(journey.id) { $0.name = name }
    }
    try database.undo()
    try database.undo()
    #expect(journey.name == "a")
    try database.redo()
    #expect(journey.name == "b")
    try database.undo()
    try database.undo()  // the add itself
    #expect(try database.count() == 0)
    #expect(try database.undo() == nil)
    try database.redo()  // the add again
    #expect(try database.count() == 1)
    try database.add(Journey(name: "new command"))
    #expect(try database.redo() == nil)
  }

  @Test func undoTakesTheNewestCommandOfAnyProcessFirstSoNoNewerChangeIsOverwritten() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Trip", transportationType: .car))
    try database.edit(journey.id) { $0.transportationType = .bike }
    let other = try Fixtures.database(in: folder, origin: "other")
    try other.edit(journey.id) { $0.transportationType = .bus }

    let first = try #require(try database.undo(scope: .wholeFile))
    #expect(first.origin == "other")
    #expect(journey.transportationType == .bike)
    let second = try #require(try database.undo(scope: .wholeFile))
    #expect(second.origin == "tests" && second.fields == [.transportationType])
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("car"))
  }

  @Test func undoRefusesToOverwriteAChangeTheLogDoesNotExplain() throws {
    // Another program (the sqlite3 shell, a sync tool) wrote the field without the change log.
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "x", transportationType: .car))
    try database.edit(journey.id) { $0.transportationType = .bike }
    let raw = try Fixtures.connection(to: database)
    try Fixtures.bypassingTheLog(raw) {
      try raw.run("UPDATE journey SET transportation_type = 'bus' WHERE id = ?", [.text(journey.id.lowercasedText)])
    }
    let before = try Fixtures.changes(in: database.path)

    #expect {
      try database.undo()
    } throws: { error in
      guard case JourneyDatabaseError.revertConflict(.undo, _, _, let conflicts) = error else { return false }
      return conflicts == [RevertConflict(journeyID: journey.id, field: .transportationType, reason: .changedSince(current: "bus"))]
        && "\(error)".contains("no longer holds what that command wrote (it is now 'bus')")
    }
    #expect(try Fixtures.changes(in: database.path) == before)
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("bus"))

    #expect(try database.undo(force: true)?.fields == [.transportationType])
    #expect(try Fixtures.row(journey.id, in: database.path)?[1] == .text("car"))
  }

  @Test func undoOfAnInsertRefusesWhenTheJourneyIsGone() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let added = try database.add(Journey(name: "Added"))
    let other = try Fixtures.database(in: folder, origin: "other")
    try other.edit(added.id) { $0.duration = 600 }
    try database.undo(scope: .wholeFile)  // the duration edit: the insert is then as it was, and can go
    // The log keeps no copy of an inserted journey's values (the row has them, and imports stay
    // fast), so what it can tell is that the journey is gone: deleted by a writer that bypassed
    // the log's triggers.
    let raw = try Fixtures.connection(to: database)
    try Fixtures.bypassingTheLog(raw) { try raw.run("DELETE FROM journey") }
    #expect {
      try database.undo()
    } throws: { error in
      guard case JourneyDatabaseError.revertConflict(_, _, _, let conflicts) = error else { return false }
      return conflicts.map(\.reason) == [.deletedSince]
    }
  }

  @Test func undoOfADeleteRefusesWhenTheJourneyExistsAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: "Gone"))
    try database.delete(journey)
    let raw = try Fixtures.connection(to: database)
    try Fixtures.bypassingTheLog(raw) {
      try raw.run("INSERT INTO journey VALUES (?, 'Back', 'car', 0, 0)", [.text(journey.id.lowercasedText)])
    }
    #expect {
      try database.undo()
    } throws: { error in
      guard case JourneyDatabaseError.revertConflict(_, _, _, let conflicts) = error else { return false }
      return conflicts == [RevertConflict(journeyID: journey.id, field: nil, reason: .existsAgain)]
    }
    #expect(try Fixtures.row(journey.id, in: database.path)?[0] == .text("Back"))
  }
}
