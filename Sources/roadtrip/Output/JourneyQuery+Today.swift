import JourneyStore

extension JourneyQuery {
  /// The row where a list of this query opens on a terminal: the first journey of today or of
  /// a later day, else the newest (the last row, `isNewest`); `nil` when that is the first row
  /// anyway, or when the order is not by start date from the oldest up, where today has no one
  /// place. Two counts, answered from the index on start dates: of every journey the query
  /// selects (without filters, SQLite counts the index's entries without reading them), and of
  /// those from today on, a short range of the index where most journeys lie in the past.
  func todaysIndex(in database: JourneyDatabase) -> (index: Int, isNewest: Bool)? {
    guard sortKeys.map(\.text) == [JourneyField.startDate.name], !isReversed, offset == 0,
      let today = try? DateExpression.period("today")
    else { return nil }
    var fromToday = self
    fromToday.startingFrom = max(today.start, startingFrom ?? today.start)
    guard let count = try? database.count(self), count > 0, let later = try? database.count(fromToday) else { return nil }
    let earlier = count - later
    let index = min(earlier, count - 1)
    return index > 0 ? (index, later == 0) : nil
  }
}
