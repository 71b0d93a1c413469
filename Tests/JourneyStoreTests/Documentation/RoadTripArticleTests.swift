import Foundation
import Testing
import JourneyStore

/// The code of the DocC article "Walking the RoadTrip example"
/// (Sources/JourneyStore/JourneyStore.docc), run as written, so that the article stays true.
@Suite("The RoadTrip article")
struct RoadTripArticleTests {
  struct TransportationTypePicker {
    @Binding var transportationType: TransportationType
  }

  struct JourneyEditor {
    @Bindable var journey: Journey
    var picker: TransportationTypePicker {
      TransportationTypePicker(transportationType: $journey.transportationType)
    }
  }

  struct ContentView {
    @State private var journey = Journey()
    @State private var note = Note()

    var editor: JourneyEditor {
      JourneyEditor(journey: journey)
    }
    var picker: TransportationTypePicker {
      TransportationTypePicker(transportationType: $journey.transportationType)
    }
    var destination: Binding<String> {
      $note.leg.to
    }
  }

  struct Note {
    struct Leg { var from = "", to = "" }
    var leg = Leg()
  }

  @Test func theSampleHoldsItsModelAsState() {
    let view = ContentView()
    view.picker.transportationType = .scooter
    #expect(view.editor.journey.transportationType == .scooter)
    let copy = view
    copy.destination.wrappedValue = "Nice"
    #expect(view.destination.wrappedValue == "Nice", "a copy of the view shares its state")
    #expect(copy.editor.journey === view.editor.journey)
  }

  @Test func runsAsWritten() async throws {
    let folder = try TemporaryFolder()
    let journey = Journey(name: "Coast road", transportationType: .car)
    journey.duration = 5400
    #expect(journey.endDate == journey.startDate.addingTimeInterval(5400))
    let unsaved = JourneyEditor(journey: journey)
    unsaved.picker.transportationType = .bike
    #expect(journey.transportationType == .bike)

    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let coast = try await database.add(Journey(name: "Coast road", transportationType: .car))
    let editor = JourneyEditor(journey: coast)
    editor.picker.transportationType = .bike
    #expect(database.hasChanges)
    try await database.save()
    #expect(!database.hasChanges)

    var failures: [String] = []
    let live = database.writeThrough(coast) { error in failures.append("\(error)") }
    let picker = TransportationTypePicker(transportationType: live.transportationType)
    picker.transportationType = .bus
    live.duration.wrappedValue += 15 * 60
    await database.waitForPendingWrites()
    #expect(failures.isEmpty)
    #expect(!database.hasChanges)

    let buses = try database.journeys(JourneyQuery(transportationTypes: [.bus], sortedBy: [.ascending(.startDate)]))
    #expect(buses.map(\.id) == [coast.id])
    #expect(buses.first === coast, "a list and an editor share the same managed journey")
    let bikeRides = database.liveJourneys(JourneyQuery(transportationTypes: [.bike], sortedBy: [.ascending(.startDate)]))
    #expect(bikeRides.journeys.isEmpty)
    coast.transportationType = .bike
    #expect(bikeRides.journeys.contains { $0 === coast })
    database.rollback()
    #expect(bikeRides.journeys.isEmpty)

    let recent = try database.changes(ChangeQuery(journeyID: coast.id, limit: 10))
    #expect(recent.contains { $0.field == .transportationType && $0.newValue?.description == "bus" })
    try await database.undo()
    try await database.redo()

    try JourneyField.named("transport").assign("bike", to: coast)
    let start = coast.startDate
    try JourneyField.Edit(name: "start", text: "+1d").apply(to: coast)
    #expect(coast.startDate > start)
    _ = try DateExpression.date("monday 18:00")
    try await database.save()
  }
}
