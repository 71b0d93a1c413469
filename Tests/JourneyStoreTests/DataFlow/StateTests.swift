import Observation
import Synchronization
import Testing

@testable import JourneyStore

/// A draft of a trip, as a view would hold it: a value type with a nested one.
private struct TripDraft: Equatable {
  struct Leg: Equatable {
    var from = ""
    var to = ""
  }

  var title = ""
  var leg = Leg()
}

/// A value type with a property named like the wrapper's own.
private struct Wrapped: Equatable {
  var wrappedValue = 0
  var label = ""
}

/// A view in the style of the RoadTrip sample: it owns its draft and its journey as `@State`.
private struct TripPlanner {
  @State var draft = TripDraft()
  @State var journey = Journey(name: "New journey", transportationType: .walkOrRun)
}

extension TripPlanner {
  /// Not `mutating`: a view's methods write its state through the nonmutating setter.
  func rename(_ title: String) {
    draft.title = title
  }

  var destination: Binding<String> {
    $draft.leg.to
  }

  var transportationTypePicker: Binding<TransportationType> {
    $journey.transportationType
  }
}

@Suite struct StateTests {
  @Test func aCopyOfTheOwningStructSharesTheStorage() {
    let planner = TripPlanner()
    let copy = planner
    planner.rename("Coast")
    #expect(copy.draft.title == "Coast")
    copy.draft.leg.from = "Lyon"
    #expect(planner.draft.leg.from == "Lyon")
    #expect(copy.journey === planner.journey)
  }

  @Test func nestedFieldsWriteThroughTheProjectedBinding() {
    let planner = TripPlanner()
    let destination = planner.destination
    destination.wrappedValue = "Nice"
    #expect(planner.draft.leg.to == "Nice")
    planner.$draft.leg.from.wrappedValue = "Lyon"
    #expect(planner.draft == TripDraft(leg: .init(from: "Lyon", to: "Nice")))
    planner.draft.leg.to = "Menton"
    #expect(destination.wrappedValue == "Menton", "a binding reads the storage live")
  }

  @Test func aLocalStateProjectsABinding() {
    @State var count = 1
    let binding = $count
    binding.wrappedValue += 1
    #expect(count == 2)
    count = 5
    #expect(binding.wrappedValue == 5)
  }

  @Test func aValueWithAPropertyNamedWrappedValueStillWorks() {
    @State var wrapped = Wrapped(wrappedValue: 1, label: "one")
    wrapped.wrappedValue = 2
    #expect(wrapped == Wrapped(wrappedValue: 2, label: "one"))
    // `$wrapped.wrappedValue` is the binding's own value, the whole struct, as in SwiftUI; the
    // member of that name is reached by its key path.
    $wrapped.wrappedValue = Wrapped(wrappedValue: 3, label: "three")
    #expect(wrapped.label == "three")
    let inner: Binding<Int> = $wrapped[dynamicMember: \Wrapped.wrappedValue]
    inner.wrappedValue = 4
    #expect(wrapped == Wrapped(wrappedValue: 4, label: "three"))
    $wrapped.label.wrappedValue = "four"
    #expect(wrapped.label == "four")
  }

  @Test func readsThroughAStateAreTrackedAndWritesNotifyOnce() {
    let planner = TripPlanner()
    let changes = Mutex(0)
    withObservationTracking {
      _ = planner.draft.leg.to
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    planner.$draft.leg.to.wrappedValue = "Nice"
    #expect(changes.withLock { $0 } == 1)
    #expect(planner.draft.leg.to == "Nice")
  }

  @Test func anEqualValueNotifiesNobody() {
    @State var draft = TripDraft(title: "Coast")
    let changes = Mutex(0)
    withObservationTracking {
      _ = draft
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    draft.title = "Coast"
    #expect(changes.withLock { $0 } == 0)
    draft.title = "Coast road"
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func editsOfAnObservableObjectReachItsObservers() {
    let planner = TripPlanner()
    let journey = planner.journey
    let seen = Mutex<[String]>([])
    withObservationTracking {
      _ = journey.transportationType
    } onChange: {
      seen.withLock { $0.append("journey") }
    }
    withObservationTracking {
      _ = planner.journey.transportationType
    } onChange: {
      seen.withLock { $0.append("through the state") }
    }
    planner.transportationTypePicker.wrappedValue = .bike
    #expect(journey.transportationType == .bike)
    #expect(seen.withLock { $0 }.sorted() == ["journey", "through the state"], "each observer once")
  }

  @Test func replacingTheObjectNotifiesReadersOfTheState() {
    let planner = TripPlanner()
    let first = planner.journey
    let changes = Mutex(0)
    withObservationTracking {
      _ = planner.journey
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    planner.journey = first
    #expect(changes.withLock { $0 } == 0, "the identical object is no change")
    planner.journey = Journey(name: "Another")
    #expect(changes.withLock { $0 } == 1)
    #expect(first.name == "New journey")
  }

  @Test func aStateMadeInlineHoldsItsInitialValue() {
    let state = State(initialValue: [1, 2])
    state.wrappedValue.append(3)
    #expect(state.projectedValue.wrappedValue == [1, 2, 3])
  }
}
