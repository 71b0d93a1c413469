#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
  /// The local month of the date, such as `2026-11`: the month a journey counts for in a summary.
  public var localMonthText: String {
    String(localDayText.prefix(7))
  }

  /// The first local day of the date's week, such as `2026-11-23`: the week a journey counts for
  /// in a summary, weeks starting on `firstWeekday` (0 for Sunday to 6 for Saturday), by default
  /// the one `DateExpression.withFirstWeekday(_:_:)` holds.
  public func localWeekText(firstWeekday: Int = DateExpression.firstWeekday) -> String {
    guard let local = LocalTime(self) else { return localDayText }
    let back = Int64((local.weekday - firstWeekday + 7) % 7)
    // Noon of the first day: a day's noon always exists, whatever a zone skips at midnight.
    guard let first = local.date(addingDays: -back, hour: 12, minute: 0, second: 0) else { return localDayText }
    return first.localDayText
  }
}
