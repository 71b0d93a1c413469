import FoundationEssentials
import JourneyStore

/// How many journeys and how much time, in all, by transportation type and by local day of the
/// start, or by one grouping (`summary --by`): what `roadtrip summary` adds up, one journey at a
/// time.
struct JourneyTotals {
  /// A number of journeys and their durations added up.
  struct Total {
    var count = 0
    var duration: TimeInterval = 0
  }

  /// The one grouping asked for, or `nil` for types and days.
  let grouping: SummaryGrouping?
  private(set) var all = Total()
  private(set) var byType: [TransportationType: Total] = [:]
  /// By local day, week (its first day) or month of the start.
  private(set) var byPeriod: [String: Total] = [:]

  init(grouping: SummaryGrouping? = nil) {
    self.grouping = grouping
  }
}

extension JourneyTotals {
  /// Counts a journey.
  mutating func add(_ journey: Journey) {
    all.add(journey)
    switch grouping {
    case nil:
      byType[journey.transportationType, default: Total()].add(journey)
      byPeriod[journey.startDate.localDayText, default: Total()].add(journey)
    case .type: byType[journey.transportationType, default: Total()].add(journey)
    case .day: byPeriod[journey.startDate.localDayText, default: Total()].add(journey)
    case .week: byPeriod[journey.startDate.localWeekText(), default: Total()].add(journey)
    case .month: byPeriod[journey.startDate.localMonthText, default: Total()].add(journey)
    }
  }

  /// The name of the periods' group in records: `day`, `week` or `month`.
  private var periodGroup: String {
    grouping.map(\.rawValue) ?? SummaryGrouping.day.rawValue
  }

  /// Every total as a record: the types in their order, the periods in order, then the sum.
  var records: [(group: String, key: String, total: Total)] {
    TransportationType.allCases.compactMap { type in byType[type].map { ("type", type.rawValue, $0) } }
      + byPeriod.keys.sorted().map { (periodGroup, $0, byPeriod[$0]!) }
      + [("total", "all", all)]
  }

  /// The tables for people, each ending with the sum: by type, then by period. Each row but
  /// the sum carries a bar of its time, the longest `barWidth` columns, when `barWidth` > 0.
  func tables(style: Style, barWidth: Int = 0) -> String {
    let records = self.records
    var tables: [String] = []
    for group in ["type", periodGroup] where records.contains(where: { $0.group == group }) {
      let rows = records.filter { $0.group == group }
      let longest = rows.map(\.total.duration).max() ?? 0
      let hasBars = barWidth > 0 && longest > 0
      var table = TextTable(
        headings: [group.uppercased(), "JOURNEYS", "TIME"] + (hasBars ? [""] : []), rightAligned: [1, 2])
      for (_, key, total) in rows {
        let label = group == "type" && style.isDecorated ? TransportationType(rawValue: key)!.symbol + " " + key : key
        let bar = Self.bar(total.duration / longest * Double(barWidth), style: style)
        table.append([label, String(total.count), total.duration.durationDescription] + (hasBars ? [bar] : []))
      }
      table.append(["total", String(all.count), all.duration.durationDescription] + (hasBars ? [""] : []))
      tables.append(table.render(style: style))
    }
    return tables.joined(separator: "\n")
  }

  /// A bar `length` columns long: full blocks and an eighth block for the rest when decorated,
  /// `#` for each whole column otherwise; a time too short to show has a sliver still.
  private static func bar(_ length: Double, style: Style) -> String {
    guard style.isDecorated else { return String(repeating: "#", count: max(1, Int(length.rounded()))) }
    let eighths = max(1, Int((length * 8).rounded()))
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
    return String(repeating: "█", count: eighths / 8) + partial
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
