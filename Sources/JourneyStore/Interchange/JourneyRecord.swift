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
    var values = [InterchangeValue.string(journey.id.uuidString.lowercased())]
    values.reserveCapacity(Self.keys.count)
    for field in JourneyField.all {
      values.append(Self.value(of: field, stored: field.read(journey)))
    }
    values.append(Self.value(of: .startDate, stored: JourneyField.startDate.storedValue(journey.endDate)))
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

  /// A field's value in interchange form: a number when the field stores a number whose canonical
  /// text is one (a duration's seconds), text otherwise (a date's ISO 8601 text, a slug).
  private static func value(of field: JourneyField, stored: DatabaseValue) -> InterchangeValue {
    let text = field.format(stored)
    switch stored {
    case .integer, .real: return JSONText.isNumber(text) ? .number(text) : .string(text)
    case .null, .text, .blob: return .string(text)
    }
  }
}
