// A client of JourneyStore, as an app's code would use it: built by scripts/check-client-build.sh
// in a package of its own that depends on roadtrip by path, in Swift 6 language mode, where any
// warning fails the check. It touches the public API broadly (the data flow, managed journeys,
// live lists, observation, write-through, history, long work, sorting) and checks what it sees.
import JourneyStore
import Observation

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Stops the client with a message when `condition` does not hold.
func require(_ condition: Bool, _ message: String) {
  if !condition { fatalError("client: \(message)") }
}

/// A view's state, as the RoadTrip sample keeps its model.
struct Editor {
  @State var draft = Journey(name: "Draft", transportationType: .bike)
  var name: Binding<String> { $draft.name }
}

/// A model on the main actor that re-arms its observation of a live list.
@MainActor
final class BikeCounter {
  let bikes: LiveJourneys
  private(set) var updates = 0

  init(database: JourneyDatabase) {
    bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    observe()
  }

  private func observe() {
    _ = withObservationTracking {
      bikes.journeys.count
    } onChange: { [weak self] in
      Task { @MainActor in
        self?.updates += 1
        self?.observe()
      }
    }
  }
}

@MainActor
func run(path: String) async throws {
  let database = try JourneyDatabase(path: path, configuration: .init(origin: "client"))
  var discarded: [Journey] = []
  database.onEditsDiscarded = { discarded += $0 }

  let editor = Editor()
  editor.name.wrappedValue = "Coast road"
  let coast = try await database.add(editor.draft)
  let counter = BikeCounter(database: database)
  require(counter.bikes.journeys.count == 1, "the live list holds the bike journey")

  @Bindable var bindable = coast
  bindable.duration = 5_400
  try await database.save()
  let live = database.writeThrough(coast) { error in print("not saved: \(error)") }
  live.transportationType.wrappedValue = .car
  await database.waitForPendingWrites()

  let reader = JourneyReader(text: #"{"name":"Émile","transportationType":"bike","startDate":"2026-11-21T08:00:00Z","duration":60}"#, format: .ndjson)
  let summary = try await database.importJourneys(from: reader) { progress in
    _ = progress.fraction
  }
  require(summary.inserted == 1, "the import inserted its journey")

  var query = JourneyQuery()
  query.sortKeys = [.ascending(.name), .descending(.startDate)]
  let names = try database.journeys(query).map(\.name)
  require(names == ["Coast road", "Émile"], "names sort case and accents aside: \(names)")

  let exported = try await database.exportJourneys(format: .csv, to: { _ in })
  require(exported == 2, "the export wrote every journey")
  let undone = try await database.undo()
  require(undone?.inserted == 0 && undone?.deleted == 1, "the undo took the import back")
  _ = try await database.redo()
  _ = try await database.vacuum()

  let changes = try database.changes(ChangeQuery(limit: 5))
  require(!changes.isEmpty, "the log has the changes")
  let following = Task { @MainActor in try await database.follow() }
  following.cancel()
  try await following.value
  require(discarded.isEmpty, "no edit was discarded")

  let snapshot = coast.snapshot
  let planned = await Task.detached { snapshot.with { $0.name += " (planned)" } }.value
  planned.apply(to: coast)
  coast.duration = -1
  do {
    try await database.save()
    require(false, "a negative duration was saved")
  } catch let error as JourneyValidationError {
    require(error.field == .duration && error.rule == .notNegative, "the error names the field: \(error)")
  }
  coast.duration = 5_400
  try await database.save()
  print("client: \(try database.count()) journeys, \(counter.updates) updates seen")
  require(database.close().isEmpty, "nothing was left unsaved")
}

try await run(path: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "client.sqlite")
