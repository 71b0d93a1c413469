import Testing

@testable import JourneyStore

@Suite struct BindingOptionalTests {
  @Test func unwrappingFailsWhenTheBaseIsNilNow() {
    var source: Int? = nil
    #expect(Binding(Binding(get: { source }, set: { source = $0 })) as Binding<Int>? == nil)
  }

  @Test func unwrappedReadsAndWritesTheBase() throws {
    var source: Int? = 1
    let binding = try #require(Binding<Int>(Binding(get: { source }, set: { source = $0 })))
    #expect(binding.wrappedValue == 1)
    source = 2
    #expect(binding.wrappedValue == 2)
    binding.wrappedValue = 3
    #expect(source == 3)
  }

  @Test func unwrappedReadsTheLastValueSeenWhenTheBaseBecomesNil() throws {
    var source: Int? = 1
    let binding = try #require(Binding<Int>(Binding(get: { source }, set: { source = $0 })))
    source = 2
    #expect(binding.wrappedValue == 2)
    source = nil
    #expect(binding.wrappedValue == 2)
    #expect(binding.wrappedValue == 2)
  }

  @Test func unwrappedWriteAfterTheBaseBecameNilGivesTheBaseAValue() throws {
    var source: String? = "kept"
    let binding = try #require(Binding<String>(Binding(get: { source }, set: { source = $0 })))
    source = nil
    binding.wrappedValue = "again"
    #expect(source == "again")
    #expect(binding.wrappedValue == "again")
  }

  @Test func unwrappedDerivedBindingSurvivesTheBaseBecomingNil() throws {
    var source: Journey? = Journey(name: "Coast", duration: 60)
    let journey = try #require(Binding<Journey>(Binding(get: { source }, set: { source = $0 })))
    let duration = journey.duration
    source = nil
    #expect(duration.wrappedValue == 60)
  }

  @Test func wrappingReadsTheBaseAsAnOptional() {
    var source = 5
    let binding = Binding<Int?>(Binding(get: { source }, set: { source = $0 }))
    #expect(binding.wrappedValue == 5)
    source = 6
    #expect(binding.wrappedValue == 6)
  }

  @Test func wrappingWritesValuesToTheBase() {
    var source = 5
    let binding = Binding<Int?>(Binding(get: { source }, set: { source = $0 }))
    binding.wrappedValue = 7
    #expect(source == 7)
  }

  @Test func wrappingIgnoresNilWrites() {
    var source = 5
    var writes = 0
    let binding = Binding<Int?>(Binding(get: { source }, set: { writes += 1; source = $0 }))
    binding.wrappedValue = nil
    #expect(source == 5)
    #expect(writes == 0)
    #expect(binding.wrappedValue == 5)
  }
}
