#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Journey {
  /// When the journey ends: its start plus its duration.
  public var endDate: Date {
    startDate.addingTimeInterval(duration)
  }
}
