extension Schema {
  /// An index on durations, for queries by how long journeys last and by when they are under way
  /// (`JourneyQuery.Filter`): a bound on durations is a range of it, and the longest duration,
  /// read from its end, bounds the start dates of the journeys under way during a range, so that
  /// those are a range of the index on start dates rather than every journey that started
  /// before the range ends. An added index only.
  static let version12 = """
    CREATE INDEX journey_by_duration ON journey (duration);
    """
}
