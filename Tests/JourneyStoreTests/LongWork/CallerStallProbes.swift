import Foundation
import JourneyStore
import Testing

/// What `CallerStallTests` measures, each in a probe process of its own (`MainActorProbe`): the
/// main actor's longest stall, with a ticker on it (`StallTicker`), while every write waits for
/// another program's lock, and while long work of a hundred thousand journeys runs. Each probe
/// checks what the work did, and prints its figures; the tests run one at a time, so that each
/// has the main actor to itself. The public API only.
@MainActor
@Suite("Main-actor stall probes", .serialized, .enabled(if: MainActorProbe.isProbe))
struct CallerStallProbes {
  static let count = 100_000

  /// NDJSON of `count` bus journeys.
  static func buses(_ count: Int) -> String {
    (0..<count).map {
      #"{"name":"Bus \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }.joined(separator: "\n")
  }

  /// Holds the write lock with `program` for `hold`, then releases it, while `write` runs on the
  /// main actor under a ticker.
  /// - Returns: How long the write took, and the main actor's longest stall meanwhile.
  func measure(
    _ write: () async throws -> Void, behind program: LockHolder.Program, for hold: Duration,
    on database: JourneyDatabase, in folder: TemporaryFolder
  ) async throws -> (took: Duration, stall: Duration) {
    // The holder lives in a task of its own, which lets the lock go after `hold`.
    let (held, isHeld) = AsyncStream<Void>.makeStream()
    let path = database.path
    let release = Task.detached {
      defer { isHeld.finish() }
      let holder = try await LockHolder(program, on: path, in: folder)
      isHeld.finish()
      try await Task.sleep(for: hold)
      return try await holder.release()
    }
    for await _ in held {}
    let ticker = StallTicker()
    let started = ContinuousClock.now
    try await write()
    let took = started.duration(to: .now)
    let stall = await ticker.stop()
    #expect(try await release.value.exitCode == 0)
    return (took, stall)
  }

  @Test(arguments: LockHolder.Program.allCases)
  func aSaveWaitsASecondForTheLockWithoutStallingTheMainActor(_ program: LockHolder.Program) async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let trip = try await database.add(Journey(name: "Coast", transportationType: .car))

    trip.name = "Coast road"
    let (took, stall) = try await measure(
      { try await database.save() }, behind: program, for: .seconds(1), on: database, in: folder)

    MainActorProbe.report("save-behind-\(program == .python ? "python3" : "sqlite3")", stall)
    #expect(took >= .milliseconds(900), "the save did not wait for the lock")
    #expect(!database.hasChanges)
    #expect(try JourneyDatabase(path: database.path).journey(id: trip.id)?.name == "Coast road")
    // Its own save: not reported as another's.
    #expect(try database.refresh().isEmpty)
  }

  @Test func anEditAnAddAndADeleteWaitForTheLockOffTheMainActor() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let coast = try await database.add(Journey(name: "Coast", transportationType: .car))
    let gone = try await database.add(Journey(name: "Gone", transportationType: .car))
    let cars = database.liveJourneys(JourneyQuery(transportationTypes: [.car]))
    #expect(cars.journeys.count == 2)
    let hold = Duration.milliseconds(300)

    let edit = try await measure(
      { try await database.edit(coast.id) { $0.transportationType = .bike } },
      behind: .python, for: hold, on: database, in: folder)
    #expect(coast.transportationType == .bike, "the managed object takes the edit before the call returns")
    #expect(cars.journeys.map(\.id) == [gone.id])

    let train = Journey(name: "Night tram", transportationType: .lightRail)
    let add = try await measure(
      { try await database.add(train) }, behind: .sqlite3Shell, for: hold, on: database, in: folder)
    #expect(try database.journey(id: train.id) === train)

    let delete = try await measure(
      { try await database.delete(gone) }, behind: .python, for: hold, on: database, in: folder)
    #expect(cars.journeys.isEmpty)
    #expect(try database.journey(id: gone.id) == nil)

    for (write, figures) in [("edit", edit), ("add", add), ("delete", delete)] {
      MainActorProbe.report("\(write)-behind-lock", figures.stall)
      #expect(figures.took >= hold - .milliseconds(50), "the \(write) did not wait for the lock")
    }
    #expect(try database.refresh().isEmpty)
  }

  @Test func aHundredThousandImportItsUndoAndItsRedoNeverStallTheMainActor() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    // An app's screen: a managed journey, and a live list it observes.
    let shown = try await database.add(Journey(name: "Shown", transportationType: .bus))
    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus], limit: 50))
    #expect(buses.journeys.count == 1)
    let text = Self.buses(Self.count)

    var ticker = StallTicker()
    let summary = try await database.importJourneys(from: JourneyReader(text: text, format: .ndjson))
    let importStall = await ticker.stop()
    #expect(summary.inserted == Self.count)
    #expect(try database.count(JourneyQuery(transportationTypes: [.bus])) == Self.count + 1)

    ticker = StallTicker()
    let undone = try await database.undo()
    let undoStall = await ticker.stop()
    #expect(undone?.deleted == Self.count)
    #expect(buses.journeys.map(\.id) == [shown.id])

    ticker = StallTicker()
    let redone = try await database.redo()
    let redoStall = await ticker.stop()
    #expect(redone?.inserted == Self.count)
    #expect(buses.journeys.count == 50)

    MainActorProbe.report("import", importStall)
    MainActorProbe.report("undo", undoStall)
    MainActorProbe.report("redo", redoStall)
    // The work was the database's own: nothing to report as another's.
    #expect(try database.refresh().isEmpty)
  }

  @Test func aHundredThousandJourneysMadeInCodeAreAddedWithoutStallingTheMainActor() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike], limit: 20))
    #expect(bikes.journeys.isEmpty)
    let start = Date(timeIntervalSince1970: 1_795_248_000)
    let journeys = (0..<Self.count).map {
      Journey(name: "Ride \($0)", transportationType: .bike, startDate: start + Double($0), duration: 600)
    }

    let ticker = StallTicker()
    try await database.add(contentsOf: journeys)
    let stall = await ticker.stop()

    MainActorProbe.report("add-in-code", stall)
    #expect(try database.count() == Self.count)
    #expect(bikes.journeys.count == 20)
    // The objects are managed: fetching one gives it back, and an edit of it is saved.
    #expect(try database.journey(id: journeys[7].id) === journeys[7])
    journeys[7].name = "Ride seven"
    try await database.save()
    #expect(try JourneyDatabase(path: database.path).journey(id: journeys[7].id)?.name == "Ride seven")
  }

  /// A `refresh()` that takes in one outside change costs what the change costs, not what the
  /// table costs: with a hundred thousand journeys managed and shown in live lists, taking in
  /// another process's update of one journey reads that change and matches that journey. The
  /// outside writer is the sqlite3 shell.
  @Test func aRefreshOfOneOutsideChangeCostsTheChangeNotTheTable() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    try await database.importJourneys(
      from: JourneyReader(text: Self.buses(Self.count), format: .ndjson))
    // An app's lists: every journey, the buses, and the cars (none), read and observed.
    let all = try database.journeys()
    let lists = [
      database.liveJourneys(), database.liveJourneys(JourneyQuery(transportationTypes: [.bus])),
      database.liveJourneys(JourneyQuery(transportationTypes: [.car])),
    ]
    #expect(lists.map(\.journeys.count) == [Self.count, Self.count, 0])
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
    MainActorProbe.report("refresh-median", median)
    MainActorProbe.report("refresh-longest", sorted.last ?? .zero)
  }
}
