import JourneyStore

/// The first line: how many journeys the list holds, its order and its filters.
struct BrowseHeader {
  let count: Int
  let sort: BrowseSort
  let typeFilter: TransportationType?
  let search: String
  let style: Style
}

extension BrowseHeader: TerminalView {
  func lines(width: Int) -> [String] {
    let noun = count == 1 ? "journey" : "journeys"
    var parts = ["\(count) \(noun)", "by \(sort.title)", typeFilter.map { "type: \($0.description)" } ?? "all types"]
    if !search.isEmpty { parts.append("name contains \u{201C}\(search.escapingControlCharacters)\u{201D}") }
    let title = style.isDecorated ? "RoadTrip" : "RoadTrip:"
    return [style.bold(title) + " " + parts.joined(separator: style.isDecorated ? " · " : ", ")]
  }
}
