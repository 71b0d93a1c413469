import Testing

@testable import JourneyStore

/// A value with nested parts, for dynamic member lookup through a binding.
private struct Trip: Equatable {
  struct Leg: Equatable {
    var from: String
    var to: String
  }

  var title: String
  var leg: Leg
}

/// A view-like function that takes a binding as a wrapped parameter, as SwiftUI views take `$value`.
private func choose(_ type: TransportationType, @Binding for transportationType: TransportationType) {
  transportationType = type
}

@Suite struct BindingTests {
  @Test func readsAndWritesThroughItsClosures() {
    var source = 1
    var reads = 0
    var writes: [Int] = []
    let binding = Binding(get: { reads += 1; return source }, set: { writes.append($0); source = $0 })

    #expect(binding.wrappedValue == 1)
    source = 2
    #expect(binding.wrappedValue == 2)
    binding.wrappedValue = 3
    #expect(source == 3)
    #expect(reads == 2)
    #expect(writes == [3])
  }

  @Test func setsThroughALetBecauseTheSetterIsNonmutating() {
    var source = "before"
    let binding = Binding(get: { source }, set: { source = $0 })
    binding.wrappedValue = "after"
    #expect(source == "after")
  }

  @Test func projectedValueIsTheSameBinding() {
    var source = 10
    let binding = Binding(get: { source }, set: { source = $0 })
    let projected = binding.projectedValue
    projected.wrappedValue = 20
    #expect(source == 20)
    source = 30
    #expect(projected.wrappedValue == 30)
    #expect(projected.projectedValue.wrappedValue == 30)
  }

  @Test func initFromProjectedValueSharesTheSourceOfTruth() {
    var source = 10
    let binding = Binding(projectedValue: Binding(get: { source }, set: { source = $0 }))
    binding.wrappedValue = 11
    #expect(source == 11)
  }

  @Test func wrappedParameterTakesTheProjectedValue() {
    var source = TransportationType.car
    let binding = Binding(get: { source }, set: { source = $0 })
    choose(.bus, $for: binding)
    #expect(source == .bus)
  }

  @Test func dynamicMemberReadsLiveFromTheOriginal() {
    var trip = Trip(title: "Coast", leg: .init(from: "Lisbon", to: "Porto"))
    let binding = Binding(get: { trip }, set: { trip = $0 })
    let to = binding.leg.to
    #expect(to.wrappedValue == "Porto")
    trip.leg.to = "Braga"
    #expect(to.wrappedValue == "Braga")
  }

  @Test func dynamicMemberWritesOnlyItsPartOfTheOriginal() {
    var trip = Trip(title: "Coast", leg: .init(from: "Lisbon", to: "Porto"))
    let binding = Binding(get: { trip }, set: { trip = $0 })
    binding.leg.to.wrappedValue = "Faro"
    binding.title.wrappedValue = "South"
    #expect(trip == Trip(title: "South", leg: .init(from: "Lisbon", to: "Faro")))
  }

  @Test func dynamicMemberOfAnObjectWritesTheObject() {
    let journey = Journey(name: "Before")
    var holder = journey
    let binding = Binding(get: { holder }, set: { holder = $0 })
    binding.name.wrappedValue = "After"
    #expect(journey.name == "After")
    #expect(holder === journey)
  }

  @Test func constantIgnoresWrites() {
    let binding = Binding.constant(TransportationType.bike)
    binding.wrappedValue = .bus
    #expect(binding.wrappedValue == .bike)
    binding.projectedValue.wrappedValue = .car
    #expect(binding.wrappedValue == .bike)
  }

  @Test func constantDerivedBindingsIgnoreWritesToo() {
    let binding = Binding.constant(Trip(title: "Coast", leg: .init(from: "Lisbon", to: "Porto")))
    binding.leg.to.wrappedValue = "Faro"
    #expect(binding.leg.to.wrappedValue == "Porto")
  }

  @Test func identifiableBindingHasTheValuesID() {
    let first = Journey(), second = Journey()
    var current = first
    let binding = Binding(get: { current }, set: { current = $0 })
    #expect(binding.id == first.id)
    current = second
    #expect(binding.id == second.id)
  }
}
