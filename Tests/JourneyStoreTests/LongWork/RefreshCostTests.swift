import Foundation
import JourneyStore
import Testing

/// A `refresh()` that takes in one outside change costs what the change costs, not what the table
/// costs: with a hundred thousand journeys managed and shown in live lists, taking in another
/// process's update of one journey reads that change and matches that journey, and no more. The
/// public API only; the outside writer is the sqlite3 shell.
@MainActor
@Suite("The cost of a refresh")
struct RefreshCostTests {
  @Test func aRefreshOfOneOutsideChangeCostsTheChangeNotTheTable() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try await database.importJourneys(
      from: JourneyReader(text: CallerStallProbes.buses(CallerStallProbes.count), format: .ndjson))
    // An app's lists: every journey, the buses, and the cars (none), read and observed.
    let all = try database.journeys()
    let lists = [
      database.liveJourneys(), database.liveJourneys(JourneyQuery(transportationTypes: [.bus])),
      database.liveJourneys(JourneyQuery(transportationTypes: [.car])),
    ]
    #expect(lists.map(\.journeys.count) == [CallerStallProbes.count, CallerStallProbes.count, 0])
    try database.refresh()

    var costs: [Duration] = []
    for round in 0..<6 {
      // Each list is read again after each change, as a screen that shows it does.
      _ = lists.map(\.journeys.count)
      let journey = all[round * 1_000]
      let id = journey.id.uuidString.lowercased()
      // A renaming (a field no list reads), and a new start (the field they sort by).
      let sql = round.isMultiple(of: 2)
        ? "UPDATE journey SET name = 'Renamed \(round)' WHERE id = '\(id)'"
        : "UPDATE journey SET start_date = start_date + 60 WHERE id = '\(id)'"
      let shell = try await SQLiteShell.run(sql, on: database.path, in: folder)
      try #require(shell.exitCode == 0, "\(shell)")
      let started = ContinuousClock.now
      let changes = try database.refresh()
      costs.append(started.duration(to: .now))
      #expect(changes.count == 1)
      if round.isMultiple(of: 2) { #expect(journey.name == "Renamed \(round)") }
    }
    let sorted = costs.sorted()
    let median = sorted[sorted.count / 2]
    print("refresh() of one outside change with \(CallerStallProbes.count) journeys managed and listed: median \(StallTicker.milliseconds(median)) ms, "
      + "longest \(StallTicker.milliseconds(sorted.last ?? .zero)) ms")
    #expect(median < .milliseconds(5), "a refresh took \(StallTicker.milliseconds(median)) ms, as if it read the table")
  }
}
