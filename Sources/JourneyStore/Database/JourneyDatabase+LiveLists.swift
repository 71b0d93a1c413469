extension JourneyDatabase {
  /// A live list of the journeys a query selects: see `LiveJourneys`.
  ///
  /// ```swift
  /// let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
  /// bikes.journeys            // the managed journeys, kept true on every change
  /// ```
  public func liveJourneys(_ query: JourneyQuery = JourneyQuery()) -> LiveJourneys {
    let list = LiveJourneys(query: query) { try self.journeys($0) }
    liveLists.register(list)
    return list
  }
}
