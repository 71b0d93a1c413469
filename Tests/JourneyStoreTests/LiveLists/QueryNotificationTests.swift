import Foundation
import JourneyStore
import Observation
import Testing

/// A list model as an app writes it: on the main actor, counting the changes it is told of and
/// re-arming its observation in `onChange` (reading the list again there).
@MainActor
private final class ToldList {
  let list: LiveJourneys
  private(set) var told = 0

  init(_ list: LiveJourneys) {
    self.list = list
    observe()
  }

  /// How many times the list was told since the last call.
  func take() -> Int {
    defer { told = 0 }
    return told
  }

  private func observe() {
    withObservationTracking {
      _ = list.journeys
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.told += 1
        self?.observe()
      }
    }
  }
}

/// A list that filters by the time journeys are under way, by duration or by either-or
/// conditions is told of a change exactly when its result changes (issue 38, items 1 and 5):
/// an edit of a journey outside it that does not bring the journey in tells it nothing; one
/// that moves a journey in or out tells it, whoever commits it. Public API only.
@Suite("Lists of the new filters are told only when they change")
@MainActor
struct QueryNotificationTests {
  private nonisolated static let hour: TimeInterval = 3_600
  private nonisolated static let day: TimeInterval = 86_400
  private nonisolated static let base = Date(timeIntervalSinceReferenceDate: 800_000_000)

  @Test func anEditTellsTheListsOfTheNewFiltersOnlyWhenItChangesThem() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("journeys.sqlite")
    let database = try JourneyDatabase(path: path)
    let trek = Journey(name: "Trek", transportationType: .car, startDate: Self.base - Self.day, duration: 3 * Self.day)
    let ride = Journey(name: "Ride", transportationType: .bike, startDate: Self.base + 10 * Self.day, duration: Self.hour)
    let walk = Journey(name: "Walk", transportationType: .walkOrRun, startDate: Self.base + 20 * Self.day, duration: 1_800)
    let bus = Journey(name: "Bus", transportationType: .bus, startDate: Self.base + 30 * Self.day, duration: 1_800)
    try database.add(contentsOf: [trek, ride, walk, bus])
    // Under way on the day; two hours or longer; by bike or named for a lake.
    let lists = [
      JourneyQuery(overlapping: Self.base..<Self.base + Self.day),
      JourneyQuery(lastingAtLeast: 2 * Self.hour),
      JourneyQuery(anyOf: [.init(transportationTypes: [.bike]), .init(nameContaining: "lake")]),
    ].map { ToldList(database.liveJourneys($0)) }
    func take() -> [Int] { lists.map { $0.take() } }
    func names(_ index: Int) -> [String] { lists[index].list.journeys.map(\.name) }
    #expect(names(0) == ["Trek"])
    #expect(names(1) == ["Trek"])
    #expect(names(2) == ["Ride"])

    // Outside every list, and staying outside: a new name, a new duration, a new type.
    try database.edit(walk.id) { $0.name = "Stroll" }
    try database.edit(walk.id) { $0.duration = 2_400 }
    try database.edit(walk.id) { $0.transportationType = .scooter }
    #expect(take() == [0, 0, 0], "edits outside the lists")

    // Into the day: the walk now starts on it.
    try database.edit(walk.id) { $0.startDate = Self.base + 12 * Self.hour }
    #expect(take() == [1, 0, 0], "a start moved into the day")
    #expect(names(0) == ["Trek", "Stroll"])

    // The trek is cut to a day: it ends as the day starts, and leaves the day's list; still
    // two hours or longer, the duration list holds it where it was.
    try database.edit(trek.id) { $0.duration = Self.day }
    #expect(take() == [1, 0, 0], "a duration that ends the trek before the day")
    #expect(names(0) == ["Stroll"])
    #expect(names(1) == ["Trek"])

    // The ride grows to three hours: the duration list gains it.
    try database.edit(ride.id) { $0.duration = 3 * Self.hour }
    #expect(take() == [0, 1, 0], "a duration past two hours")
    #expect(names(1) == ["Trek", "Ride"])

    // The walk becomes a bike ride: the either-or list gains it; then a rename that keeps it
    // there changes nothing.
    try database.edit(walk.id) { $0.transportationType = .bike }
    #expect(take() == [0, 0, 1], "a type one of the either-or filters keeps")
    #expect(names(2) == ["Stroll", "Ride"])
    try database.edit(walk.id) { $0.name = "Lake stroll" }
    #expect(take() == [0, 0, 0], "a rename of a journey that stays in the either-or list")

    // Unsaved edits are matched the same way: the bus, half an hour long, made five hours long
    // joins the duration list, and its save tells nothing more.
    bus.duration = 5 * Self.hour
    #expect(take() == [0, 1, 0], "an unsaved duration")
    try database.save()
    #expect(take() == [0, 0, 0], "the save of an edit the lists show")
    // Named for a lake, the bus joins the either-or list by its other filter.
    try database.edit(bus.id) { $0.name = "Lake bus" }
    #expect(take() == [0, 0, 1], "a name one of the either-or filters keeps")

    // Another program: the sqlite3 shell shortens the ride to an hour.
    let id = ride.id.uuidString.lowercased()
    try Self.shell("UPDATE journey SET duration = 3600 WHERE id = '\(id)'", on: path)
    _ = try database.refresh()
    #expect(take() == [0, 1, 0], "the sqlite3 shell")
    #expect(names(1) == ["Trek", "Lake bus"])
    try Self.shell("UPDATE journey SET start_date = start_date + 1 WHERE id = '\(id)'", on: path)
    _ = try database.refresh()
    #expect(take() == [0, 0, 1], "a new start of a journey the either-or list holds, sorted by start")
  }

  /// Runs SQL in the sqlite3 shell: another program.
  private static func shell(_ sql: String, on path: String) throws {
    try SQLiteShell.runBlocking(sql, on: path).expectSuccess("sqlite3")
  }
}
