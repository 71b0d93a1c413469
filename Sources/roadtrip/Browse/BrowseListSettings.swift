import JourneyStore

/// What decides which journeys the list holds and in which order: the order, the type filter
/// and the search.
struct BrowseListSettings: Equatable {
  let sort: BrowseSort
  let typeFilter: TransportationType?
  let search: String
}

extension BrowseListSettings {
  /// The query of the order, the type filter and the search.
  var query: JourneyQuery {
    JourneyQuery(transportationTypes: typeFilter.map { [$0] } ?? [], nameContaining: search, sortedBy: [.ascending(sort.field)])
  }
}
