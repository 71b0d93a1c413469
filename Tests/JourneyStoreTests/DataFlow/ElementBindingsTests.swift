import Testing

@testable import JourneyStore

/// An identifiable value element.
private struct Stop: Identifiable, Equatable {
  let id: Int
  var name: String
}

/// How the bound array is rearranged behind the element bindings' back.
enum Rearrangement: CaseIterable, Sendable {
  case insertBefore, insertAfter, deleteAnother, move, reverse, replaceAll

  fileprivate func apply(to stops: inout [Stop]) {
    switch self {
    case .insertBefore: stops.insert(Stop(id: 10, name: "New"), at: 0)
    case .insertAfter: stops.append(Stop(id: 10, name: "New"))
    case .deleteAnother: stops.remove(at: 0)
    case .move: stops.insert(stops.remove(at: 1), at: 3)
    case .reverse: stops.reverse()
    case .replaceAll: stops = [Stop(id: 10, name: "New")] + stops.reversed() + [Stop(id: 11, name: "Newer")]
    }
  }
}

private let initialStops = [
  Stop(id: 1, name: "Lisbon"), Stop(id: 2, name: "Coimbra"), Stop(id: 3, name: "Porto"),
  Stop(id: 4, name: "Braga"),
]

@Suite struct ElementBindingsTests {
  @Test func isACollectionOfBindingsToTheElements() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    #expect(binding.count == 4)
    #expect(binding.map(\.wrappedValue) == initialStops)
    #expect(binding.map(\.id) == [1, 2, 3, 4])
    #expect(binding.reversed().map(\.wrappedValue.name) == ["Braga", "Porto", "Coimbra", "Lisbon"])
    #expect(binding[binding.index(binding.startIndex, offsetBy: 2)].wrappedValue.name == "Porto")
  }

  @Test func forInWritesEveryElement() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    for stop in binding {
      stop.name.wrappedValue = stop.name.wrappedValue.uppercased()
    }
    #expect(stops.map(\.name) == ["LISBON", "COIMBRA", "PORTO", "BRAGA"])
    #expect(stops.map(\.id) == [1, 2, 3, 4])
  }

  @Test func forInOverJourneysWritesTheJourneys() {
    let journeys = [
      Journey(name: "a", transportationType: .bus), Journey(name: "b", transportationType: .car),
    ]
    var list = journeys
    let binding = Binding(get: { list }, set: { list = $0 })
    for journey in binding {
      journey.name.wrappedValue += "!"
      journey.transportationType.wrappedValue = .bike
    }
    #expect(journeys.map(\.name) == ["a!", "b!"])
    #expect(journeys.map(\.transportationType) == [.bike, .bike])
    #expect(zip(list, journeys).allSatisfy { $0 === $1 })
  }

  @Test(arguments: Rearrangement.allCases)
  func elementBindingsFollowTheirElementsByID(_ rearrangement: Rearrangement) {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    let elements = Array(binding)
    rearrangement.apply(to: &stops)

    let kept = initialStops.filter { original in stops.contains { $0.id == original.id } }
    for (element, original) in zip(elements, initialStops) where kept.contains(original) {
      #expect(element.wrappedValue == original)
      element.name.wrappedValue = "Visited \(original.id)"
      #expect(stops.first { $0.id == original.id }?.name == "Visited \(original.id)")
    }
    let untouched = stops.filter { !$0.name.hasPrefix("Visited") }
    #expect(untouched.allSatisfy { $0.name.hasPrefix("New") })
  }

  @Test func elementBindingOfADeletedElementReadsTheLastValueSeen() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    let porto = binding[2]
    stops[2].name = "Porto (old town)"
    #expect(porto.wrappedValue.name == "Porto (old town)")
    stops.remove(at: 2)
    #expect(porto.wrappedValue == Stop(id: 3, name: "Porto (old town)"))
    #expect(porto.name.wrappedValue == "Porto (old town)")
  }

  @Test func elementBindingOfADeletedElementIgnoresWrites() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    let porto = binding[2]
    stops.remove(at: 2)
    let remaining = stops
    porto.name.wrappedValue = "Gone"
    porto.wrappedValue = Stop(id: 3, name: "Back?")
    #expect(stops == remaining)
    #expect(porto.wrappedValue == Stop(id: 3, name: "Porto"))
  }

  @Test func elementBindingFindsItsElementAgainWhenItComesBack() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    let porto = binding[2]
    let removed = stops.remove(at: 2)
    stops.insert(removed, at: 0)
    porto.name.wrappedValue = "Porto again"
    #expect(stops[0] == Stop(id: 3, name: "Porto again"))
  }

  @Test func elementBindingFollowsAReplacementWithAnotherID() {
    var stops = initialStops
    let binding = Binding(get: { stops }, set: { stops = $0 })
    let coimbra = binding[1]
    coimbra.wrappedValue = Stop(id: 20, name: "Aveiro")
    stops.insert(Stop(id: 10, name: "New"), at: 0)
    coimbra.name.wrappedValue = "Aveiro (centre)"
    #expect(stops.map(\.id) == [10, 1, 20, 3, 4])
    #expect(stops[2].name == "Aveiro (centre)")
  }

  @Test func elementBindingsOfASliceFollowIDsFromItsOwnStartIndex() {
    var stops = initialStops[1...]
    let binding = Binding(get: { stops }, set: { stops = $0 })
    #expect(binding.startIndex == 1)
    let braga = binding[3]
    #expect(braga.wrappedValue.name == "Braga")
    stops.remove(at: 1)
    braga.name.wrappedValue = "Braga (north)"
    #expect(stops.map(\.name) == ["Porto", "Braga (north)"])
  }

  @Test func writesThroughTheBindingOfARemovedClassElementAreIgnored() {
    final class Place: Identifiable {
      let id: Int
      var name: String
      init(id: Int, name: String) { (self.id, self.name) = (id, name) }
    }
    let porto = Place(id: 3, name: "Porto")
    var places = [Place(id: 1, name: "Lisbon"), porto]
    let binding = Binding(get: { places }, set: { places = $0 })
    let element = binding[1]
    element.name.wrappedValue = "Porto (Ribeira)"
    #expect(porto.name == "Porto (Ribeira)")
    places.removeLast()
    // The element is gone: its binding reads the last value seen and writes nowhere, not even
    // into the removed object it still refers to.
    element.name.wrappedValue = "Written after the delete"
    #expect(porto.name == "Porto (Ribeira)")
    #expect(element.wrappedValue.name == "Porto (Ribeira)")
    #expect(places.map(\.name) == ["Lisbon"])
  }
}
