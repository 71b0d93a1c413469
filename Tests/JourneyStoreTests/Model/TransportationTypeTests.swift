import Foundation
import Testing

@testable import JourneyStore

/// Each type with its slug, title and SF Symbol name, as in the original app.
private let presentations: [(TransportationType, String, String, String)] = [
  (.walkOrRun, "walk-or-run", "Walk/Run", "figure.walk"),
  (.skateboard, "skateboard", "Skateboard", "skateboard"),
  (.scooter, "scooter", "Scooter", "scooter"),
  (.bike, "bike", "Bike", "bicycle"),
  (.car, "car", "Car", "car"),
  (.hiredCar, "hired-car", "Shared Ride", "car.front.waves.up"),
  (.bus, "bus", "Bus", "bus"),
  (.lightRail, "light-rail", "Light Rail", "lightrail"),
]

/// Each type with its Swift case name.
private let caseNames: [(TransportationType, String)] = [
  (.walkOrRun, "walkOrRun"), (.skateboard, "skateboard"), (.scooter, "scooter"), (.bike, "bike"),
  (.car, "car"), (.hiredCar, "hiredCar"), (.bus, "bus"), (.lightRail, "lightRail"),
]

@Suite struct TransportationTypeTests {
  @Test func hasTheEightTypesOfTheOriginalAppInOrder() {
    #expect(TransportationType.allCases.map(\.rawValue) == presentations.map(\.1))
  }

  @Test(arguments: presentations)
  func presentsAsTheOriginalApp(_ type: TransportationType, slug: String, title: String, iconName: String) {
    #expect(type.rawValue == slug)
    #expect(type.description == title)
    #expect("\(type)" == title)
    #expect(type.iconName == iconName)
    #expect(TransportationType(rawValue: slug) == type)
  }

  @Test func encodesAsItsSlug() throws {
    let json = try JSONEncoder().encode([TransportationType.hiredCar, .lightRail])
    #expect(String(decoding: json, as: UTF8.self) == #"["hired-car","light-rail"]"#)
    #expect(try JSONDecoder().decode([TransportationType].self, from: json) == [.hiredCar, .lightRail])
  }

  @Test(arguments: presentations)
  func parsesSlugAndTitleInAnyCase(
    _ type: TransportationType, slug: String, title: String, iconName: String
  ) throws {
    for text in [slug, title, slug.uppercased(), title.lowercased(), title.uppercased(), " \(title) "] {
      #expect(try TransportationType(parsing: text) == type, "\(text)")
    }
  }

  @Test(arguments: caseNames)
  func parsesTheSwiftCaseName(_ type: TransportationType, caseName: String) throws {
    #expect(try TransportationType(parsing: caseName) == type)
    #expect(try TransportationType(parsing: caseName.uppercased()) == type)
  }

  @Test(arguments: ["Walk or run", "walk_or_run", "WALK/RUN", "shared-ride", "lightrail", "Hired Car"])
  func ignoresSpacesAndPunctuation(_ text: String) {
    #expect((try? TransportationType(parsing: text)) != nil)
  }

  @Test(arguments: ["", "garbage", "plane", "🚲", "b"])
  func rejectsGarbageListingEverySlug(_ text: String) throws {
    let error = try #require(
      #expect(throws: JourneyInputError.self) { try TransportationType(parsing: text) })
    guard case .invalidTransportationType(let rejected, _) = error else {
      Issue.record("unexpected error \(error)")
      return
    }
    #expect(rejected == text)
    for slug in presentations.map(\.1) {
      #expect(error.description.contains(slug), "\(slug)")
    }
    #expect(error.description.contains("'\(text)' is not a transportation type"))
  }

  @Test(arguments: [
    ("bsu", TransportationType.bus), ("bicycle", .bike), ("bikes", .bike), ("skatebord", .skateboard),
    ("scoter", .scooter), ("lightrial", .lightRail), ("Shared Rides", .hiredCar), ("walkorrum", .walkOrRun),
  ])
  func suggestsTheNearestType(_ text: String, suggestion: TransportationType) throws {
    #expect(throws: JourneyInputError.invalidTransportationType(text, suggestion: suggestion)) {
      try TransportationType(parsing: text)
    }
  }

  @Test func suggestionIsInTheMessage() throws {
    let error = try #require(
      #expect(throws: JourneyInputError.self) { try TransportationType(parsing: "bsu") })
    #expect(error.description.contains("did you mean 'bus'?"))
  }

  @Test(arguments: ["garbage", "xyzzy", "aeroplane"])
  func suggestsNothingWhenNothingIsNear(_ text: String) {
    #expect(throws: JourneyInputError.invalidTransportationType(text, suggestion: nil)) {
      try TransportationType(parsing: text)
    }
  }
}
