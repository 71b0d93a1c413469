#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey's values at one moment, as a `Sendable` value: what crosses to another actor or
/// thread where a `Journey` (an object of one isolation) cannot.
///
/// ```swift
/// let snapshot = journey.snapshot                  // on the main actor
/// let route = await planner.plan(snapshot)         // another actor reads it
/// snapshot.with { $0.duration = route.duration }.apply(to: journey)   // back on the main actor
/// try database.save()
/// ```
///
/// A snapshot is a copy, not a view: it does not follow the journey, and applying it sets the
/// journey's fields through their setters, as any edit does (observers see it; a managed
/// journey then has unsaved edits, or a write-through binding saves none: use one to save).
public struct JourneySnapshot: Sendable, Hashable, Identifiable, Codable {
  /// The journey's identity.
  public var id: UUID
  /// The journey's name.
  public var name: String
  /// How the journey is travelled.
  public var transportationType: TransportationType
  /// When the journey starts.
  public var startDate: Date
  /// How long the journey lasts, in seconds.
  public var duration: TimeInterval

  /// A snapshot of these values.
  public init(
    id: UUID = .random(), name: String = "", transportationType: TransportationType = .car,
    startDate: Date = Date(), duration: TimeInterval = 3600
  ) {
    self.id = id
    self.name = name
    self.transportationType = transportationType
    self.startDate = startDate
    self.duration = duration
  }

  /// A snapshot of a journey's values now. It reads them as their getters do: an observer that
  /// takes snapshots is told when they change.
  public init(_ journey: Journey) {
    self.init(
      id: journey.id, name: journey.name, transportationType: journey.transportationType,
      startDate: journey.startDate, duration: journey.duration)
  }

  /// When the journey ends: its start plus its duration.
  public var endDate: Date {
    Journey.endDate(start: startDate, duration: duration)
  }

  /// A new journey with these values, which no database manages yet (`add(_:)` inserts it).
  public func makeJourney() -> Journey {
    Journey(
      id: id, name: name, transportationType: transportationType, startDate: startDate, duration: duration)
  }

  /// Sets a journey's fields to these values, each one that differs only (an equal value is no
  /// edit), through their setters: its observers see it, and a managed journey has unsaved edits
  /// to save. The journey keeps its own id.
  public func apply(to journey: Journey) {
    if !journey.name.utf8.elementsEqual(name.utf8) { journey.name = name }
    if journey.transportationType != transportationType { journey.transportationType = transportationType }
    if journey.startDate.timeIntervalSinceReferenceDate.bitPattern != startDate.timeIntervalSinceReferenceDate.bitPattern {
      journey.startDate = startDate
    }
    if journey.duration.bitPattern != duration.bitPattern { journey.duration = duration }
  }

  /// A copy with `change` made to it.
  public func with(_ change: (inout JourneySnapshot) throws -> Void) rethrows -> JourneySnapshot {
    var copy = self
    try change(&copy)
    return copy
  }

  /// Checks the values against the rules every stored journey obeys, as `Journey.validate()`.
  /// - Throws: `JourneyValidationError`.
  public func validate() throws(JourneyValidationError) {
    try makeJourney().validate()
  }
}

extension Journey {
  /// The journey's values now, as a `Sendable` value for another actor: `JourneySnapshot(self)`.
  public var snapshot: JourneySnapshot {
    JourneySnapshot(self)
  }
}
