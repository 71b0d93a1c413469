import Observation
import Synchronization
import Testing

@testable import JourneyStore

@Suite struct ObservationTests {
  @Test func bindingWriteIsSeenByObservationTrackingAtWillSet() {
    let journey = Journey(name: "Before")
    // Read inside `onChange`, which runs synchronously on this thread while the binding writes.
    nonisolated(unsafe) let observed = journey
    let seen = Mutex<[String]>([])
    withObservationTracking {
      _ = journey.name
    } onChange: {
      seen.withLock { $0.append(observed.name) }
    }

    Bindable(journey).name.wrappedValue = "After"
    Bindable(journey).name.wrappedValue = "Again"

    #expect(seen.withLock { $0 } == ["Before"])
    #expect(journey.name == "Again")
  }

  @Test func equalValueWriteNotifiesNobody() {
    let journey = Journey(transportationType: .bus)
    let changes = Mutex(0)
    withObservationTracking {
      _ = journey.transportationType
    } onChange: {
      changes.withLock { $0 += 1 }
    }

    Bindable(journey).transportationType.wrappedValue = .bus
    #expect(changes.withLock { $0 } == 0)
    Bindable(journey).transportationType.wrappedValue = .bike
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func trackingIsPerProperty() {
    let journey = Journey(name: "Coast", duration: 60)
    let changes = Mutex(0)
    withObservationTracking {
      _ = journey.duration
    } onChange: {
      changes.withLock { $0 += 1 }
    }

    Bindable(journey).name.wrappedValue = "Coast road"
    #expect(changes.withLock { $0 } == 0)
    Bindable(journey).duration.wrappedValue = 120
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func elementBindingWriteIsSeenLikeADirectOne() {
    let journeys = [Journey(name: "a"), Journey(name: "b")]
    var list = journeys
    let changes = Mutex(0)
    withObservationTracking {
      _ = journeys[1].name
    } onChange: {
      changes.withLock { $0 += 1 }
    }

    let bindings = Binding(get: { list }, set: { list = $0 })
    bindings[0].name.wrappedValue = "a!"
    #expect(changes.withLock { $0 } == 0)
    bindings[1].name.wrappedValue = "b!"
    #expect(changes.withLock { $0 } == 1)
  }

  @Test @MainActor func bindingWritesAreSeenByObservations() async {
    let journey = Journey(name: "Morning")
    let names = Observations { journey.name }
    let emissions = Task { @MainActor in
      var seen: [String] = []
      for await name in names {
        seen.append(name)
        if seen.count == 1 {
          Bindable(journey).name.wrappedValue = "Noon"
          Bindable(journey).name.wrappedValue = "Evening"
        }
        if seen.count == 2 { break }
      }
      return seen
    }
    // Never hang: a missing emission ends the loop early, and the expectation below fails.
    let timeout = Task {
      try await Task.sleep(for: .seconds(10))
      emissions.cancel()
    }
    let seen = await emissions.value
    timeout.cancel()

    #expect(seen == ["Morning", "Evening"])
  }
}
