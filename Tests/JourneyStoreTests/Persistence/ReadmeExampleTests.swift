import Foundation
import Testing
import JourneyStore

/// The README's "Using JourneyStore" example, as a user would write it (no `@testable`).
@Suite("The README example")
struct ReadmeExampleTests {
  struct TransportationTypePicker {
    @Binding var transportationType: TransportationType
  }

  struct JourneyEditor {
    @Bindable var journey: Journey
    var picker: TransportationTypePicker {
      TransportationTypePicker(transportationType: $journey.transportationType)
    }
  }

  @Test func runsAsWritten() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let journey = try database.add(Journey(name: "Coast road", transportationType: .car))

    let editor = JourneyEditor(journey: journey)
    editor.picker.transportationType = .bike
    #expect(journey.transportationType == .bike)
    #expect(database.hasChanges)
    try database.save()
    #expect(!database.hasChanges)

    var failures: [String] = []
    let live = database.writeThrough(journey) { error in failures.append("\(error)") }
    live.duration.wrappedValue = 5400
    database.waitForPendingWrites()
    #expect(failures.isEmpty)

    try database.edit(journey.id) { $0.name = "Coast road, day 2" }

    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike], limit: 50))
    #expect(bikes.journeys.map(\.name) == ["Coast road, day 2"])
    #expect(bikes.journeys.first === journey)

    let recent = try database.changes(ChangeQuery(journeyID: journey.id, limit: 10))
    #expect(recent.first?.field == .name && recent.last?.kind == .insert)
    #expect(try database.undo()?.fields == [.name])
    #expect(journey.name == "Coast road")
    #expect(try database.redo()?.fields == [.name])
    #expect(try database.refresh().isEmpty)
    let bikeRides = try database.journeys(JourneyQuery(transportationTypes: [.bike], sortedBy: [.ascending(.startDate)]))
    #expect(bikeRides.map(\.name) == ["Coast road, day 2"])
    #expect(bikeRides.first === journey)

    let reopened = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    var streamed: [(String, TransportationType, TimeInterval)] = []
    try reopened.forEachJourney { streamed.append(($0.name, $0.transportationType, $0.duration)) }
    #expect(streamed.count == 1)
    #expect(streamed.first?.0 == "Coast road, day 2")
    #expect(streamed.first?.1 == .bike)
    #expect(streamed.first?.2 == 5400)
    var leftOut: [JourneyDatabaseError] = []
    let readable = try reopened.journeys(onUnreadable: { leftOut.append($0) })
    #expect(readable.count == 1 && leftOut.isEmpty)
  }
}
