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
