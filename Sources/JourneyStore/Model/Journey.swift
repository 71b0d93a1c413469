#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// A journey: how, when and for how long someone travels.
///
/// `Journey` is `@Observable`: views, bindings and the database that manages it see every change.
/// Edit it directly, or through `Bindable(journey).transportationType` and the other bindings.
@Observable
public final class Journey: Identifiable {
  /// The journey's identity; it never changes.
  public let id: UUID
  /// A name for the journey; any text, possibly empty.
  public var name: String
  /// How the journey is travelled.
  public var transportationType: TransportationType
  /// When the journey starts.
  public var startDate: Date
  /// How long the journey lasts, in seconds; a database refuses to save a negative one.
  public var duration: TimeInterval
  /// Observation's registrar, with the handler the managing database sets: see
  /// `JourneyRegistrar`.
  @ObservationIgnored let _$observationRegistrar = JourneyRegistrar()

  /// Creates a journey that no database manages yet.
  public init(
    id: UUID = .random(),
    name: String = "",
    transportationType: TransportationType = .car,
    startDate: Date = Date(),
    duration: TimeInterval = 3600
  ) {
    self.id = id
    self.name = name
    self.transportationType = transportationType
    self.startDate = startDate
    self.duration = duration
  }
}

extension Journey {
  /// The registrar that tells observers of the journey's changes, and the database that manages
  /// it.
  var registrar: JourneyRegistrar {
    _$observationRegistrar
  }

  /// The stored properties, read without telling Observation: the database compares, filters and
  /// sorts by them, also while a live list reloads inside an observer's
  /// `withObservationTracking`, which must not be registered for the fields read there.
  var untrackedName: String { _name }
  var untrackedTransportationType: TransportationType { _transportationType }
  var untrackedStartDate: Date { _startDate }
  var untrackedDuration: TimeInterval { _duration }
}

extension Journey {
  /// Whether setting a text property to `newValue` is a change observers must see: when its UTF-8
  /// bytes differ. `@Observable` calls this before notifying; `String`'s `==` compares canonical
  /// equivalence, which would take a name in NFC for the same name in NFD and keep the old bytes.
  func shouldNotifyObservers(_ oldValue: String, _ newValue: String) -> Bool {
    !oldValue.utf8.elementsEqual(newValue.utf8)
  }
}

extension Journey {
  /// The earliest start a journey may have: 0000-01-01T00:00:00Z, the first instant ISO 8601
  /// writes with a four-digit year.
  public static let earliestStart = Date(timeIntervalSinceReferenceDate: -63_145_526_400)

  /// The instant every journey ends before: 10000-01-01T00:00:00Z, so that its end is written with
  /// a four-digit year, by 9999-12-31T23:59:59Z. The database's CHECK constraints have the same
  /// bounds: `start_date >= -63145526400` and `start_date + duration < 252423993600`.
  public static let endLimit = Date(timeIntervalSinceReferenceDate: 252_423_993_600)

  /// Every instant a journey's start or end may be: the years 0000 to 9999 in UTC.
  public static let calendar = earliestStart..<endLimit

  /// A date as it was read from `text`, checked to lie within `calendar`, so that roadtrip
  /// says so in its own words before the database refuses it.
  /// - Throws: `JourneyInputError.dateOutsideCalendar`, naming the text.
  public static func checkWithinCalendar(_ date: Date, text: String) throws(JourneyInputError) -> Date {
    guard calendar.contains(date) else { throw .dateOutsideCalendar(text) }
    return date
  }

  /// A duration that no journey can reach, whatever its start: from `earliestStart` to `endLimit`.
  public static let longestDuration: TimeInterval = endLimit.timeIntervalSince(earliestStart)

  /// Whether a journey with this start and duration lies within the years 0000 to 9999, with the
  /// arithmetic the database's CHECK constraint does: the end is `start + duration` in `Double`.
  public static func liesWithinCalendar(start: Date, duration: TimeInterval) -> Bool {
    start >= earliestStart && duration >= 0 && endsWithinCalendar(start: start, duration: duration)
  }

  /// Whether a journey with this start and duration ends before `endLimit`, with the arithmetic
  /// of the database's CHECK constraint `journey_ends_before_10000`: `start + duration` in `Double`.
  public static func endsWithinCalendar(start: Date, duration: TimeInterval) -> Bool {
    start.timeIntervalSinceReferenceDate + duration < endLimit.timeIntervalSinceReferenceDate
  }

  /// Checks, where a start and a duration are read, that the journey ends within the calendar,
  /// so that roadtrip says so before the database refuses it.
  /// - Parameter durationText: The duration as it was given, for the message.
  /// - Throws: `JourneyInputError.endAfterCalendar`, naming the duration and the start.
  public static func checkEndWithinCalendar(start: Date, duration: TimeInterval, durationText: String) throws(JourneyInputError) {
    guard endsWithinCalendar(start: start, duration: duration) else {
      throw .endAfterCalendar(durationText, start: start.iso8601)
    }
  }
}
