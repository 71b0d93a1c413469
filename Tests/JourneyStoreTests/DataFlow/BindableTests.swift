#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import JourneyStore

/// Like the original app's picker: it edits only the transportation type, through a binding.
private struct TransportationTypePicker {
  @Binding var transportationType: TransportationType
}

extension TransportationTypePicker {
  func choose(_ type: TransportationType) {
    transportationType = type
  }
}

/// Like the original app's `JourneyEditor`: it edits a journey (a new one unless given one) and passes
/// a binding to one field down.
private struct JourneyEditor {
  @Bindable var journey = Journey(name: "New journey", transportationType: .walkOrRun)
}

extension JourneyEditor {
  var transportationTypePicker: TransportationTypePicker {
    TransportationTypePicker(transportationType: $journey.transportationType)
  }

  func lengthen(by seconds: TimeInterval) {
    $journey.duration.wrappedValue += seconds
  }
}

@Suite struct BindableTests {
  @Test func wrapsTheObjectItself() {
    let journey = Journey()
    #expect(Bindable(journey).wrappedValue === journey)
    #expect(Bindable(wrappedValue: journey).projectedValue.wrappedValue === journey)
    #expect(Bindable(projectedValue: Bindable(journey)).wrappedValue === journey)
  }

  @Test func inlineBindingReadsAndWritesTheObject() {
    let journey = Journey(duration: 60)
    let duration = Bindable(journey).duration
    #expect(duration.wrappedValue == 60)
    journey.duration = 120
    #expect(duration.wrappedValue == 120)
    duration.wrappedValue = 180
    #expect(journey.duration == 180)
  }

  @Test func localBindableGivesBindingsToItsProperties() {
    @Bindable var journey = Journey(name: "Coast", transportationType: .car)
    let name = $journey.name
    name.wrappedValue = "Coast road"
    $journey.transportationType.wrappedValue = .bike
    #expect(journey.name == "Coast road")
    #expect(journey.transportationType == .bike)
  }

  @Test func editorPassesABindingToThePicker() {
    let journey = Journey(transportationType: .car)
    let editor = JourneyEditor(journey: journey)
    let picker = editor.transportationTypePicker
    picker.choose(.lightRail)
    #expect(journey.transportationType == .lightRail)
    journey.transportationType = .bus
    #expect(picker.transportationType == .bus)
  }

  @Test func editorOfANewJourneyEditsItsOwnJourney() {
    let editor = JourneyEditor()
    #expect(editor.journey.transportationType == .walkOrRun)
    editor.transportationTypePicker.choose(.skateboard)
    #expect(editor.journey.transportationType == .skateboard)
    #expect(editor.journey.name == "New journey")
  }

  @Test func editorWritesThroughItsProjectedValue() {
    let journey = Journey(duration: 3600)
    JourneyEditor(journey: journey).lengthen(by: 1800)
    #expect(journey.duration == 5400)
    #expect(journey.endDate == journey.startDate.addingTimeInterval(5400))
  }

  @Test func bindingToOneFieldLeavesTheOthersAlone() {
    let start = Date(timeIntervalSinceReferenceDate: 817_200_000)
    let journey = Journey(name: "Coast", transportationType: .car, startDate: start, duration: 60)
    Bindable(journey).transportationType.wrappedValue = .scooter
    #expect(journey.name == "Coast")
    #expect(journey.startDate == start)
    #expect(journey.duration == 60)
    #expect(journey.transportationType == .scooter)
  }

  @Test func identifiableBindableHasTheObjectsID() {
    let journey = Journey()
    #expect(Bindable(journey).id == journey.id)
  }
}
