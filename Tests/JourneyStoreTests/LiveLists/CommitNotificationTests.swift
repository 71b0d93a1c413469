import Foundation
import JourneyStore
import Observation
import Testing

/// A list model as an app writes it: on the main actor, counting the changes it is told of and
/// re-arming its observation in `onChange` (reading the list again there).
@MainActor
private final class CountingList {
  let list: LiveJourneys
  private(set) var fires = 0

  init(_ list: LiveJourneys) {
    self.list = list
    observe()
  }

  func reset() { fires = 0 }

  private func observe() {
    withObservationTracking {
      _ = list.journeys
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.fires += 1
        self?.observe()
      }
    }
  }
}

/// A commit tells only the lists whose result it changes, whoever committed (issue 38, item 1):
/// five lists open, and every kind of writer. Written against the public API only, as a client
/// package uses it.
@Suite("A commit tells only the lists it changes")
@MainActor
struct CommitNotificationTests {
  private nonisolated static let day: TimeInterval = 86_400
  private nonisolated static let base = Date(timeIntervalSinceReferenceDate: 800_000_000)

  /// The five lists, in the order their counts are given.
  @MainActor
  private struct Lists {
    let all: [CountingList]

    init(_ database: JourneyDatabase) {
      let base = CommitNotificationTests.base
      all = [
        JourneyQuery(transportationTypes: [.car]),
        JourneyQuery(transportationTypes: [.bike]),
        JourneyQuery(),
        JourneyQuery(nameContaining: "lake"),
        JourneyQuery(startingFrom: base, startingBefore: base + 10 * CommitNotificationTests.day),
      ].map { CountingList(database.liveJourneys($0)) }
    }

    /// How many times each list was told since the last call: cars, bikes, all, "lake", the
    /// first ten days.
    func take() -> [Int] {
      defer { all.forEach { $0.reset() } }
      return all.map(\.fires)
    }

    func names(_ index: Int) -> [String] { all[index].list.journeys.map(\.name) }
  }

  @Test func eachWriterTellsOnlyTheListsWhoseResultChanged() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("journeys.sqlite")
    let database = try JourneyDatabase(path: path)
    let lake = Journey(
      name: "Lake drive", transportationType: .car, startDate: Self.base, duration: 3_600)
    let forest = Journey(
      name: "Forest ride", transportationType: .bike, startDate: Self.base + Self.day, duration: 3_600)
    let commute = Journey(
      name: "City commute", transportationType: .car, startDate: Self.base + 30 * Self.day,
      duration: 1_800)
    try database.add(contentsOf: [lake, forest, commute])
    let lists = Lists(database)
    #expect(lists.names(0) == ["Lake drive", "City commute"])
    #expect(lists.names(1) == ["Forest ride"])
    #expect(lists.names(3) == ["Lake drive"])
    #expect(lists.names(4) == ["Lake drive", "Forest ride"])
    _ = lists.take()

    // An own save: the unsaved edit told the car and bike lists already, which show it; the
    // save changes no list's result.
    commute.transportationType = .bike
    _ = lists.take()
    try database.save()
    #expect(lists.take() == [0, 0, 0, 0, 0], "own save")

    // An own edit of a name: only the list that searches names gains the journey.
    try database.edit(forest.id) { $0.name = "Lakeside ride" }
    #expect(lists.take() == [0, 0, 0, 1, 0], "own edit")
    #expect(lists.names(3) == ["Lake drive", "Lakeside ride"])

    // An own add of a bike journey in the first ten days, named for the lake.
    let loop = try database.add(
      Journey(name: "Lake loop", transportationType: .bike, startDate: Self.base + 2 * Self.day))
    #expect(lists.take() == [0, 1, 1, 1, 1], "own add")
    #expect(lists.names(1).contains(loop.name))

    // Undo takes the add back: the lists that held it.
    try database.undo()
    #expect(lists.take() == [0, 1, 1, 1, 1], "undo")
    #expect(!lists.names(2).contains("Lake loop"))

    // Another JourneyDatabase on the same file makes the lake drive a bike journey.
    let other = try JourneyDatabase(path: path)
    try other.edit(lake.id) { $0.transportationType = .bike }
    _ = try database.refresh()
    #expect(lists.take() == [1, 1, 0, 0, 0], "another JourneyDatabase")
    #expect(lists.names(0) == [])

    // The sqlite3 shell, another program, moves the forest ride out of the first ten days.
    let start = (Self.base + 20 * Self.day).timeIntervalSinceReferenceDate
    try SQLiteShell.runBlocking(
      "UPDATE journey SET start_date = \(start) WHERE id = '\(forest.id.uuidString.lowercased())'",
      on: path).expectSuccess("sqlite3")
    _ = try database.refresh()
    #expect(lists.take() == [0, 1, 1, 1, 1], "the sqlite3 shell (the lake list sorts by start, and holds the ride)")
    #expect(lists.names(4) == ["Lake drive"])

    // The shell renames a journey that no query searches by name into one that still does not
    // match: no list changes.
    try SQLiteShell.runBlocking(
      "UPDATE journey SET name = 'Town commute' WHERE id = '\(commute.id.uuidString.lowercased())'",
      on: path).expectSuccess("sqlite3")
    _ = try database.refresh()
    #expect(lists.take() == [0, 0, 0, 0, 0], "a rename no list reads")
    #expect(commute.name == "Town commute")
  }
}
