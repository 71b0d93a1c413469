import Foundation
import Testing
@testable import JourneyStore

/// A journey's stored values subscripted by field, and sets of fields as bits.
@Suite("Journey values and field sets")
struct JourneyValuesTests {
  static let coast: JourneyValues = [.text("Coast"), .text("bike"), .real(0), .real(3_600)]

  @Test func eachFieldIndexIsItsPlaceInAll() {
    for (position, field) in JourneyField.all.enumerated() {
      #expect(field.index == position)
      #expect(Self.coast[field] == Self.coast.stored[position])
    }
  }

  @Test func changedFieldsAreTheFieldsThatDiffer() {
    var edited = Self.coast
    #expect(edited.changedFields(from: Self.coast).isEmpty)
    edited[.duration] = .real(5_400)
    edited[.name] = .text("Cliffs")
    let changed = edited.changedFields(from: Self.coast)
    #expect(Array(changed) == [.name, .duration])
    #expect(changed == [.duration, .name])
    #expect(changed.underestimatedCount == 2)
    #expect(!changed.contains(.transportationType))
  }

  @Test func replacingTakesOnlyTheFieldsGiven() {
    let other: JourneyValues = [.text("Cliffs"), .text("walk"), .real(60), .real(120)]
    let mixed = Self.coast.replacing([.transportationType, .startDate], with: other)
    #expect(mixed == [.text("Coast"), .text("walk"), .real(60), .real(3_600)])
    #expect(Self.coast.replacing([], with: other) == Self.coast)
    #expect(Self.coast.replacing(.all, with: other) == other)
  }

  @Test func everySetHasItsOwnRawValueWithinTheCombinations() {
    var seen = Set<UInt8>()
    for raw in 0..<JourneyFieldSet.combinations {
      let set = JourneyFieldSet(rawValue: UInt8(raw))
      #expect(JourneyFieldSet(Array(set)) == set)
      seen.insert(set.rawValue)
    }
    #expect(seen.count == JourneyFieldSet.combinations)
    #expect(Array(JourneyFieldSet.all) == JourneyField.all)
    var set = JourneyFieldSet.all
    set.remove(.startDate)
    #expect(set.union([.startDate]) == .all && set.intersection([.startDate]).isEmpty)
  }
}
