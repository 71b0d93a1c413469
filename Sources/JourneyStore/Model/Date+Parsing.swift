#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
  /// Reads a date as people type it: ISO 8601 (`2026-11-21T08:00:00Z`, `2026-11-21T08:00:00+02:00`),
  /// a local date and time (`2026-11-21T08:00`, `2026-11-21`), or `now` (`DateExpression.referenceNow`).
  /// - Throws: `JourneyInputError.invalidDate`, which lists the accepted forms.
  public init(parsing text: String) throws(JourneyInputError) {
    if text.utf8.count == 3, text.lowercased() == "now" {
      self = DateExpression.referenceNow
    } else if let date = Date(iso8601: text) {
      self = date
    } else {
      throw .invalidDate(text)
    }
  }
}
