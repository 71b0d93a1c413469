import JourneyStore

extension TextTable {
  /// An empty table with the columns of a journey listing.
  /// - Parameter width: The width lines must fit, cutting names and, on a narrow terminal,
  ///   leaving out the end, then the duration, then the type; `nil` to cut nothing.
  static func journeys(fitting width: Int? = nil) -> TextTable {
    TextTable(
      headings: ["ID", "NAME", "TYPE", "START", "DURATION", "END"], rightAligned: [4],
      fitting: width.map { ($0, 1) }, droppable: [5, 4, 2])
  }

  /// Adds a journey: a short id, its name, its type (with a symbol when decorated), start,
  /// duration as people write it, and end (its time only on the day it starts); dates in the
  /// local time zone with its offset, to the minute.
  mutating func append(_ journey: Journey, style: Style) {
    let type = journey.transportationType
    append([
      String(journey.id.uuidString.lowercased().prefix(8)),
      journey.name,
      style.isDecorated ? type.symbol + " " + type.rawValue : type.rawValue,
      journey.startDate.localText(showsSeconds: false),
      journey.duration.durationDescription,
      journey.endDate.localText(sameDayAs: journey.startDate, showsSeconds: false),
    ])
  }
}
