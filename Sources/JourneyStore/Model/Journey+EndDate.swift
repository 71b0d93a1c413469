#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Journey {
  /// When the journey ends: its start plus its duration.
  public var endDate: Date {
    Self.endDate(start: startDate, duration: duration)
  }

  /// When a journey with this start and duration ends.
  static func endDate(start: Date, duration: TimeInterval) -> Date {
    start.addingTimeInterval(duration)
  }
}
