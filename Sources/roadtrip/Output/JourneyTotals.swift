import FoundationEssentials
import JourneyStore

/// How many journeys and how much time, in all, by transportation type and by local day of the
/// start: what `roadtrip summary` adds up, one journey at a time.
struct JourneyTotals {
  /// A number of journeys and their durations added up.
  struct Total {
    var count = 0
    var duration: TimeInterval = 0
  }

  private(set) var all = Total()
  private(set) var byType: [TransportationType: Total] = [:]
  private(set) var byDay: [String: Total] = [:]
}

extension JourneyTotals {
  /// Counts a journey.
  mutating func add(_ journey: Journey) {
    all.add(journey)
    byType[journey.transportationType, default: Total()].add(journey)
    byDay[journey.startDate.localDayText, default: Total()].add(journey)
  }

  /// Every total as a record: the types in their order, the days in order, then the sum.
  var records: [(group: String, key: String, total: Total)] {
    TransportationType.allCases.compactMap { type in byType[type].map { ("type", type.rawValue, $0) } }
      + byDay.keys.sorted().map { ("day", $0, byDay[$0]!) }
      + [("total", "all", all)]
  }

  /// Two tables for people: by type, then by day, each ending with the sum.
  func tables(style: Style) -> String {
    var types = TextTable(headings: ["TYPE", "JOURNEYS", "TIME"], rightAligned: [1, 2])
    var days = TextTable(headings: ["DAY", "JOURNEYS", "TIME"], rightAligned: [1, 2])
    for (group, key, total) in records {
      let label = group == "type" && style.isDecorated ? TransportationType(rawValue: key)!.symbol + " " + key : key
      let row = [group == "total" ? "total" : label, String(total.count), total.duration.durationDescription]
      if group != "day" { types.append(row) }
      if group != "type" { days.append(row) }
    }
    return types.render(style: style) + "\n" + days.render(style: style)
  }
}

extension JourneyTotals.Total {
  /// The duration in seconds as JSON writes a number: `5400`, `600.5`.
  var secondsText: String {
    duration == duration.rounded() && abs(duration) < 9e15 ? String(Int64(duration)) : String(duration)
  }

  fileprivate mutating func add(_ journey: Journey) {
    count += 1
    duration += journey.duration
  }
}
