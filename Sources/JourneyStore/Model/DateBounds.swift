#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bounds of a filter on dates: from a date (included) and before another (left out), either
/// or both open.
///
/// Read from text with `init(since:until:on:now:)`, as `roadtrip`'s `--since`, `--until` and
/// `--on` read it: every date is a span (`DateExpression.period(_:now:)`), so a weekday looks back
/// and a day or a week counts whole.
public struct DateBounds: Equatable, Sendable {
  /// The first instant kept, or none when `nil`.
  public var from: Date?
  /// The first instant after the ones kept, or none when `nil`.
  public var before: Date?

  /// Bounds from dates; with no arguments, every date.
  public init(from: Date? = nil, before: Date? = nil) {
    self.from = from
    self.before = before
  }
}

extension DateBounds {
  /// Bounds as people type them: `since` keeps from the start of the span it names, `until` up to
  /// the end of its span (a date-only `2026-11-24` or `today` includes that whole day), and `on` the
  /// whole days it names (the day of an instant, a week for `this-week`). `since monday` is this
  /// week's Monday; `since today until today` is today. Given together, all three must hold.
  /// - Parameters:
  ///   - since: The first date kept, or `nil`.
  ///   - until: The last date kept, or `nil`.
  ///   - on: The days kept, or `nil`.
  ///   - now: The instant relative words are read from; by default `DateExpression.referenceNow`.
  /// - Throws: `JourneyInputError.invalidDate` for a text that is not a date.
  public init(
    since: String?, until: String?, on: String? = nil, now: Date = DateExpression.referenceNow
  ) throws(JourneyInputError) {
    self.init(
      from: try since.map { text throws(JourneyInputError) in try DateExpression.period(text, now: now).start },
      before: try until.map { text throws(JourneyInputError) in try DateExpression.period(text, now: now).end })
    if let on {
      let days = try DateExpression.period(on, now: now)
      let whole = days.duration > 0 ? days : try DateExpression.period(String(days.start.localDayText), now: now)
      from = max(from ?? whole.start, whole.start)
      before = min(before ?? whole.end, whole.end)
    }
  }
}
