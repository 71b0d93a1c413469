import Foundation
import JourneyStore

/// One journey of the benchmark data, as plain values: every variant builds its own input
/// (a `Journey`, a GRDB record, bound parameters) from these before its clock starts.
struct GeneratedJourney: Sendable {
  let id: UUID
  /// The id as the store and an import file spell it: lowercase.
  let idText: String
  let name: String
  let transportationType: TransportationType
  let startDate: Date
  let duration: TimeInterval
}

extension GeneratedJourney {
  /// The same `count` journeys in every process: random v4 ids, names, types, start dates
  /// (2000 to 2029, whole seconds) and durations (1 minute to 3 days, whole minutes).
  static func generate(count: Int, seed: UInt64 = 0x5254_5250) -> [GeneratedJourney] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let id = randomUUID(using: &generator)
      return GeneratedJourney(
        id: id,
        idText: id.uuidString.lowercased(),
        name: randomName(using: &generator),
        transportationType: TransportationType.allCases.randomElement(using: &generator)!,
        startDate: Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -31_622_400..<915_148_800, using: &generator))),
        duration: Double(Int.random(in: 1...4_320, using: &generator) * 60))
    }
  }

  /// A new, unmanaged `Journey` with these values.
  var journey: Journey {
    Journey(id: id, name: name, transportationType: transportationType, startDate: startDate, duration: duration)
  }

  /// A version 4 UUID: 122 random bits, with the version and variant bits set.
  private static func randomUUID(using generator: inout SeededGenerator) -> UUID {
    // In memory (little-endian), byte 6 is bits 48...55 of `high`, byte 8 bits 0...7 of `low`.
    let high = generator.next() & ~(0xF0 << 48) | (0x40 << 48)
    let low = generator.next() & ~0xC0 | 0x80
    return UUID(uuid: unsafeBitCast((high, low), to: uuid_t.self))
  }

  private static func randomName(using generator: inout SeededGenerator) -> String {
    let moment = ["Early", "Late", "Sunday", "Rainy", "Long", "Quick", "Night", "Scenic"]
    let trip = ["ride", "commute", "trip", "loop", "run", "visit", "detour", "escape"]
    let place = ["Lisbon", "the coast", "Grandma's", "the office", "Porto", "the lake", "Sintra", "the market"]
    let number = Int.random(in: 0..<100, using: &generator)
    return "\(moment.randomElement(using: &generator)!) \(trip.randomElement(using: &generator)!) to "
      + "\(place.randomElement(using: &generator)!)\(number < 30 ? " #\(number)" : "")"
  }
}
