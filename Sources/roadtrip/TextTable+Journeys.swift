import JourneyStore

extension TextTable {
  /// An empty table with the columns of a journey listing.
  static func journeys() -> TextTable {
    TextTable(headings: ["ID", "NAME", "TYPE", "START", "DURATION", "END"], rightAligned: [4])
  }

  /// Adds a journey: a short id, its name, its type (with a symbol when decorated), start,
  /// duration as people write it, and end; dates in the local time zone with its offset.
  mutating func append(_ journey: Journey, style: Style) {
    let type = journey.transportationType
    append([
      String(journey.id.uuidString.lowercased().prefix(8)),
      journey.name,
      style.isDecorated ? type.symbol + " " + type.rawValue : type.rawValue,
      journey.startDate.localText,
      journey.duration.durationDescription,
      journey.endDate.localText,
    ])
  }
}
