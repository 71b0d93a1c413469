extension Schema {
  /// An index of the journeys that last more than a day, for the journeys under way during a
  /// range (`JourneyQuery.Filter`): the longest duration, read from its end (a day when no
  /// journey lasts longer), bounds the start dates of those journeys, so that they are a range
  /// of the index on start dates rather than every journey that started before the range ends.
  /// Partial, so that an import, which builds every index after its rows, and a write of an
  /// ordinary journey, pay almost nothing for it; a query's `duration > 86400` must read as the
  /// index's condition does for SQLite to use it (`JourneyQuery.Filter.longestDuration`). An added
  /// index only.
  static let version12 = """
    CREATE INDEX journey_by_long_duration ON journey (duration) WHERE duration > 86400;
    """
}
