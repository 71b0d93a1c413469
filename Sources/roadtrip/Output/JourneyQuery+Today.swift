import JourneyStore

extension JourneyQuery {
  /// The row where a list of this query opens on a terminal: the first journey of today or of
  /// a later day, else the newest (the last row, `isNewest`); `nil` when that is the first row
  /// anyway, or when the order is not by start date from the oldest up, where today has no one
  /// place. Two counts, answered from the index on start dates.
  func todaysIndex(in database: JourneyDatabase) -> (index: Int, isNewest: Bool)? {
    guard sortKeys.map(\.text) == [JourneyField.startDate.name], !isReversed, offset == 0,
      let today = try? DateExpression.period("today")
    else { return nil }
    var before = self
    before.startingBefore = min(today.start, startingBefore ?? today.start)
    guard let count = try? database.count(self), count > 0, let earlier = try? database.count(before) else { return nil }
    let index = min(earlier, count - 1)
    return index > 0 ? (index, earlier >= count) : nil
  }
}
