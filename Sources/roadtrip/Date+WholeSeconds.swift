#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
  /// The date as ISO 8601 in UTC to the second, such as `2026-11-21T08:00:03Z`: when a change was
  /// made, as people read it.
  var iso8601WholeSeconds: String {
    Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate.rounded(.down)).iso8601
  }
}
