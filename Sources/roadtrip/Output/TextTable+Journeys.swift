import JourneyStore

extension TextTable {
  /// An empty table with the columns of a journey listing.
  /// - Parameters:
  ///   - width: The width lines must fit, cutting names and, on a narrow terminal, leaving out
  ///     the end, then the duration, then the type; `nil` to cut nothing.
  ///   - keys: The columns, as keys of `JourneyRecord.keys` (`--fields`), in order; all by default.
  static func journeys(fitting width: Int? = nil, keys: [String] = JourneyRecord.keys) -> TextTable {
    let columns = journeyColumns(keys)
    func position(_ key: String) -> Int? { keys.firstIndex(of: key) }
    let name = position(JourneyField.name.name)
    return TextTable(
      headings: columns.map { journeyHeadings[$0] },
      rightAligned: Set([position(JourneyField.duration.name)].compactMap { $0 }),
      fitting: width.flatMap { width in name.map { (width, $0) } },
      droppable: [JourneyRecord.endDateKey, JourneyField.duration.name, JourneyField.transportationType.name].compactMap(position))
  }

  /// Adds a journey, the cells of the columns of `keys` in their order: a short id, its name,
  /// its type (with a symbol when decorated), start, duration as people write it, and end (its
  /// time only on the day it starts); dates in the local time zone with its offset, to the minute.
  mutating func append(_ journey: Journey, style: Style, keys: [String] = JourneyRecord.keys) {
    let type = journey.transportationType
    let cells = [
      String(journey.id.uuidString.lowercased().prefix(8)),
      journey.name,
      style.isDecorated ? type.symbol + " " + type.rawValue : type.rawValue,
      journey.startDate.localText(showsSeconds: false),
      journey.duration.durationDescription,
      journey.endDate.localText(sameDayAs: journey.startDate, showsSeconds: false),
    ]
    append(Self.journeyColumns(keys).map { cells[$0] })
  }

  /// The headings of the columns of `JourneyRecord.keys`, in their order.
  private static let journeyHeadings = ["ID", "NAME", "TYPE", "START", "DURATION", "END"]

  /// The position in `JourneyRecord.keys` of each key.
  private static func journeyColumns(_ keys: [String]) -> [Int] {
    keys.map { key in JourneyRecord.keys.firstIndex(of: key)! }
  }
}
