#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyQuery {
  /// Conditions on journeys: a filter keeps a journey that passes every condition it sets, and,
  /// when `anyOf` holds filters, at least one of those. A filter that sets nothing keeps every
  /// journey.
  ///
  /// A query's own filters (`JourneyQuery.transportationTypes`, `overlapping`, …) all hold
  /// together; `anyOf` adds the either-or:
  ///
  /// ```swift
  /// // Under way this week, and either by bike or at least an hour long.
  /// var query = JourneyQuery(overlapping: week.start..<week.end)
  /// query.anyOf = [.init(transportationTypes: [.bike]), .init(lastingAtLeast: 3_600)]
  /// ```
  ///
  /// The same conditions decide in SQL, from the indexes on types, start dates and durations,
  /// and in memory, for journeys with unsaved edits and for the commits a live list is told of.
  public struct Filter: Hashable, Sendable {
    /// Keeps journeys of these types; an empty set keeps every type.
    public var transportationTypes: Set<TransportationType>
    /// Keeps journeys that start at or after this date.
    public var startingFrom: Date?
    /// Keeps journeys that start before this date.
    public var startingBefore: Date?
    /// Keeps the journeys under way at some instant of this range: those that start before it
    /// ends and end after it starts, a journey of no duration at its start alone. A trek that
    /// began the day before the range and ends in it is kept; an empty range keeps none.
    ///
    /// Answered from the index on start dates, bounded by the longest duration stored: a
    /// journey that lasts months widens every such read to the journeys of those months.
    public var overlapping: Range<Date>?
    /// Keeps journeys that last at least this many seconds.
    public var lastingAtLeast: TimeInterval?
    /// Keeps journeys that last at most this many seconds.
    public var lastingAtMost: TimeInterval?
    /// Keeps journeys whose name contains this text, ignoring case: lowercased, and compared
    /// character by character as Swift compares strings (by canonical equivalence, so `é` finds
    /// `é` whichever way either is composed, but `e` does not find `é`). `nil` or empty keeps
    /// every name.
    public var nameContaining: String?
    /// Keeps journeys that pass at least one of these filters, besides the conditions above; an
    /// empty array adds no condition.
    public var anyOf: [Filter]

    /// A filter; with no arguments, one that keeps every journey.
    public init(
      transportationTypes: Set<TransportationType> = [],
      startingFrom: Date? = nil,
      startingBefore: Date? = nil,
      overlapping: Range<Date>? = nil,
      lastingAtLeast: TimeInterval? = nil,
      lastingAtMost: TimeInterval? = nil,
      nameContaining: String? = nil,
      anyOf: [Filter] = []
    ) {
      self.transportationTypes = transportationTypes
      self.startingFrom = startingFrom
      self.startingBefore = startingBefore
      self.overlapping = overlapping
      self.lastingAtLeast = lastingAtLeast
      self.lastingAtMost = lastingAtMost
      self.nameContaining = nameContaining
      self.anyOf = anyOf
    }
  }
}
