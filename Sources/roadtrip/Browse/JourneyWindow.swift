import FoundationEssentials
import JourneyStore
import Observation

/// The rows of the list that the screen shows, read as needed and never the whole table: a live
/// list of one window of the query (`offset`, `limit`; the search is the query's name filter,
/// answered by SQLite), kept true on every change, the list's count, and where a journey lies in
/// its order.
final class JourneyWindow {
  let database: JourneyDatabase
  let settings: BrowseListSettings
  /// The order, filters and search, without a window.
  let query: JourneyQuery
  /// The first row of the window, and how many rows it holds at most.
  private(set) var offset = 0
  private(set) var limit = 0
  /// The journeys of the window.
  private var live: LiveJourneys
  /// An empty live list of the query: its observers hear of every change to the list.
  private let changes: LiveJourneys
  /// The count read since the last change.
  private var cachedCount: Int?
  /// Set by observation when the list changed (and at first): the count is read again. The
  /// flag a frame's observation sets, used for the cache.
  private let staleness = RedrawRequest()

  init(database: JourneyDatabase, settings: BrowseListSettings) {
    self.database = database
    self.settings = settings
    query = settings.query
    var empty = query
    empty.limit = 0
    changes = database.liveJourneys(empty)
    live = changes
  }
}

extension JourneyWindow {
  /// Moves the window; nothing is read until its journeys are.
  func move(offset: Int, limit: Int) {
    guard offset != self.offset || limit != self.limit else { return }
    (self.offset, self.limit) = (offset, limit)
    var window = query
    (window.offset, window.limit) = (offset, limit)
    live = database.liveJourneys(window)
  }

  /// The journeys of the window, in order. Reading them is observed: a change to the list asks
  /// for a new frame.
  var journeys: [Journey] {
    _ = changes.journeys
    return live.journeys
  }

  /// Why the list could not be read, or `nil`.
  var lastError: (any Error)? { live.lastError ?? changes.lastError }

  /// How many journeys the list holds.
  var count: Int {
    refreshCache()
    if let cachedCount { return cachedCount }
    let count = (try? database.count(query)) ?? 0
    cachedCount = count
    return count
  }

  /// Whether the list holds the journey: it exists, and passes the filters and the search.
  func contains(_ id: UUID) -> Bool {
    guard let journey = try? database.journey(id: id) else { return false }
    return query.matches(journey)
  }

  /// Where a journey lies in the list, or `nil` when it is not in it or cannot be found quickly:
  /// from the window when it is there; by start date without a search, from the count of the
  /// journeys that start before it; in another order or with a search (whose count would read
  /// every journey before it through the index, a random read each), by reading the order up to
  /// it, on lists of at most `longestListRead` journeys.
  func index(of id: UUID) -> Int? {
    if let position = live.journeys.firstIndex(where: { $0.id == id }) { return offset + position }
    guard contains(id), let journey = try? database.journey(id: id) else { return nil }
    if settings.sort == .start && settings.search.isEmpty {
      var before = query
      before.startingBefore = journey.startDate
      guard let start = try? database.count(before) else { return nil }
      var ties = query
      (ties.offset, ties.limit) = (start, Self.tiesRead)
      return (try? database.journeys(ties))?.firstIndex { $0.id == id }.map { start + $0 }
    }
    guard count <= Self.longestListRead else { return nil }
    var index = 0
    var found: Int?
    try? database.forEachJourney(query) { journey in
      if journey.id == id {
        found = index
        throw StopReading()
      }
      index += 1
    }
    return found
  }

  /// Forgets the count when the list changed since, and watches for the next change.
  private func refreshCache() {
    guard staleness.take() else { return }
    cachedCount = nil
    withObservationTracking { _ = changes.journeys } onChange: { [staleness] in staleness.request() }
  }

  /// How many journeys that start at the same moment are looked through for one of them.
  static let tiesRead = 256
  /// The longest list read to find a journey in an order that no index gives.
  static let longestListRead = 20_000

  /// Ends a read of the journeys early.
  private struct StopReading: Error {}
}
