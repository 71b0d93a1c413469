import Foundation
import Testing
import JourneyStore

/// The query code of the DocC article "JourneyStore as an app's store"
/// (Sources/JourneyStore/JourneyStore.docc), compiled in Swift 6 mode and run as written, so that
/// the article stays true.
@MainActor
@Suite("The JourneyStore as an app's store article")
struct AppStoreArticleTests {
  @Test func theQueriesFindWhatTheArticleSays() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let hour: TimeInterval = 3_600
    let start = Calendar.current.startOfDay(for: .now)
    let trek = try database.add(Journey(
      name: "Three-day trek", transportationType: .walkOrRun, startDate: start - 24 * hour, duration: 72 * hour))
    let ride = try database.add(Journey(
      name: "Short ride", transportationType: .bike, startDate: start + 8 * hour, duration: hour / 2))
    let drive = try database.add(Journey(
      name: "Long drive", transportationType: .car, startDate: start + 9 * hour, duration: 3 * hour))
    _ = try database.add(Journey(name: "Quick drive", transportationType: .car, startDate: start + 10 * hour, duration: hour))
    _ = try database.add(Journey(name: "Yesterday", transportationType: .bike, startDate: start - 20 * hour, duration: hour))

    // As the article writes it.
    let calendar = Calendar.current
    let today = calendar.startOfDay(for: .now)
    let tomorrow = calendar.date(byAdding: .day, value: 1, to: today)!
    let onTheRoadToday = database.liveJourneys(JourneyQuery(overlapping: today..<tomorrow))

    // Under way today, and either by bike or at least two hours long; the longest first, ties the
    // earliest first.
    var query = JourneyQuery(
      overlapping: today..<tomorrow, sortedBy: [.descending(.duration), .ascending(.startDate)])
    query.anyOf = [
      JourneyQuery.Filter(transportationTypes: [.bike]),
      JourneyQuery.Filter(lastingAtLeast: 2 * 60 * 60),
    ]
    let longOrByBike = database.liveJourneys(query)

    #expect(onTheRoadToday.journeys.map(\.name) == ["Three-day trek", "Short ride", "Long drive", "Quick drive"])
    #expect(longOrByBike.journeys.map(\.id) == [trek.id, drive.id, ride.id])
  }
}
