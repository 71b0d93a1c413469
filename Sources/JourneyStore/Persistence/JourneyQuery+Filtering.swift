#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The query's filters, as `Filter` describes each: a journey must pass all of them.
extension JourneyQuery {
  /// Keeps journeys of these types; an empty set keeps every type.
  public var transportationTypes: Set<TransportationType> {
    get { filter.transportationTypes }
    set { filter.transportationTypes = newValue }
  }

  /// Keeps journeys that start at or after this date.
  public var startingFrom: Date? {
    get { filter.startingFrom }
    set { filter.startingFrom = newValue }
  }

  /// Keeps journeys that start before this date.
  public var startingBefore: Date? {
    get { filter.startingBefore }
    set { filter.startingBefore = newValue }
  }

  /// Keeps the journeys under way at some instant of this range, whenever they started: see
  /// `Filter.overlapping`.
  public var overlapping: Range<Date>? {
    get { filter.overlapping }
    set { filter.overlapping = newValue }
  }

  /// Keeps journeys that last at least this many seconds.
  public var lastingAtLeast: TimeInterval? {
    get { filter.lastingAtLeast }
    set { filter.lastingAtLeast = newValue }
  }

  /// Keeps journeys that last at most this many seconds.
  public var lastingAtMost: TimeInterval? {
    get { filter.lastingAtMost }
    set { filter.lastingAtMost = newValue }
  }

  /// Keeps journeys whose name contains this text, ignoring case, as `Filter.nameContaining`
  /// says. The same test decides in SQL and, for journeys with unsaved edits, in memory
  /// (`matches(_:)`).
  public var nameContaining: String? {
    get { filter.nameContaining }
    set { filter.nameContaining = newValue }
  }

  /// Keeps journeys that pass at least one of these filters, besides the query's other filters;
  /// an empty array adds no condition. `[.init(transportationTypes: [.bike]), .init(lastingAtLeast:
  /// 3_600)]`: bike journeys, and journeys of an hour or more by any means.
  public var anyOf: [Filter] {
    get { filter.anyOf }
    set { filter.anyOf = newValue }
  }
}
