#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey as the interchange formats carry it: its `id`, the fields of `JourneyField.all` and
/// the derived `endDate`, under their JSON keys, each as its canonical text.
///
/// `JourneyRecord.keys` is `id, name, transportationType, startDate, duration, endDate`: the JSON
/// keys, and the CSV and TSV columns, in order.
public struct JourneyRecord: Hashable, Sendable {
  /// One value for each of `JourneyRecord.keys`, in order.
  public let values: [InterchangeValue]

  /// The record of a journey as it is now.
  public init(_ journey: Journey) {
    let stored = JourneyValues(readingUntracked: journey)
    var values = [InterchangeValue.string(journey.id.lowercasedText)]
    values.reserveCapacity(Self.keys.count)
    for (field, value) in stored.fields {
      values.append(InterchangeValue(field: field, text: field.format(value)))
    }
    values.append(.string(Self.endDate(of: stored).iso8601))
    self.values = values
  }

  /// The keys of every journey record, in order.
  public static let keys = ["id"] + JourneyField.all.map(\.name) + [endDateKey]

  /// The key of the derived end date: written, never read as a field.
  public static let endDateKey = "endDate"

  /// The value under a key, or `nil` for a key that records do not have.
  public subscript(key: String) -> InterchangeValue? {
    Self.keys.firstIndex(of: key).map { values[$0] }
  }

  /// The end date of a journey with these stored values: its start plus its duration, as
  /// `Journey.endDate` has it.
  static func endDate(of values: JourneyValues) -> Date {
    Journey.endDate(
      start: Date(timeIntervalSinceReferenceDate: values[.startDate].double ?? 0),
      duration: values[.duration].double ?? 0)
  }
}
