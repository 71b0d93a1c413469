#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyField {
  /// Every editable field, in the order of JSON keys and CSV columns.
  public static let all: [JourneyField] = {
    let fields: [JourneyField] = [.name, .transportationType, .startDate, .duration]
    precondition(fields.indices.allSatisfy { fields[$0].index == $0 }, "a field's index, its place")
    // A set of fields is a bit each in a `UInt8` (`JourneyFieldSet`), all of them one less.
    precondition(fields.count < UInt8.bitWidth, "a JourneyFieldSet holds at most seven fields")
    return fields
  }()

  /// The journey's name: any text, empty too (the journey table sets it no rule).
  public static let name = JourneyField(
    name: "name", index: 0, keyPath: \.name, get: { $0.name }, getUntracked: { $0.untrackedName },
    set: { $0.name = $1 },
    parse: { $0 }, parseCommon: { String(decoding: $0, as: UTF8.self) },
    format: { $1.append(contentsOf: $0.utf8) }, store: { .text($0) }, load: \.text)

  /// The transportation type, as its slug (`hired-car`).
  public static let transportationType = JourneyField(
    name: "transportationType", aliases: ["transport", "type"], index: 1,
    keyPath: \.transportationType, get: { $0.transportationType },
    getUntracked: { $0.untrackedTransportationType }, set: { $0.transportationType = $1 },
    parse: { text throws(JourneyInputError) in try TransportationType(parsing: text) },
    parseCommon: TransportationType.init(slugUTF8:),
    format: { $1.append(contentsOf: $0.rawValue.utf8) }, store: { .text($0.rawValue) },
    load: { $0.text.flatMap(TransportationType.init(slug:)) })

  /// The start date, as ISO 8601 in UTC; stored as seconds since 2001-01-01T00:00:00Z, exactly.
  /// Typed as `DateExpression` reads it: ISO 8601, `now`, `tomorrow 9am`, `+2d`. Within the years
  /// 0000 to 9999 (`Rule.withinCalendar`).
  public static let startDate = JourneyField(
    name: "startDate", aliases: ["start"], index: 2, keyPath: \.startDate,
    get: { $0.startDate }, getUntracked: { $0.untrackedStartDate }, set: { $0.startDate = $1 },
    parse: { text throws(JourneyInputError) in try DateExpression.date(text) },
    parseCommon: { text in Date(iso8601UTF8: text).flatMap { Journey.calendar.contains($0) ? $0 : nil } },
    format: { $0.appendISO8601(to: &$1) }, store: { .real($0.timeIntervalSinceReferenceDate) },
    load: { $0.double.map(Date.init(timeIntervalSinceReferenceDate:)) },
    rules: { date in
      !date.timeIntervalSinceReferenceDate.isFinite ? .finite : Journey.calendar.contains(date) ? nil : .withinCalendar
    })

  /// The duration in seconds, never negative (`Rule.notNegative`), finite, and ending its
  /// journey before the year 10000 (`Rule.endsWithinCalendar`).
  public static let duration = JourneyField(
    name: "duration", index: 3, keyPath: \.duration, get: { $0.duration },
    getUntracked: { $0.untrackedDuration }, set: { $0.duration = $1 },
    parse: { text throws(JourneyInputError) in try TimeInterval(parsingDuration: text) },
    parseCommon: TimeInterval.init(wholeSecondsUTF8:),
    format: { $0.appendSecondsText(to: &$1) }, isNumeric: true, store: { .real($0) },
    load: \.double,
    rules: { seconds in
      // A duration no start can bear breaks the rule of the end, as `JourneyValues` checks it.
      !seconds.isFinite ? .finite : seconds < 0 ? .notNegative : seconds < Journey.longestDuration ? nil : .endsWithinCalendar
    })
}

extension JourneyField {
  /// The field whose name is exactly `name`, as the database and the change log store it;
  /// `nil` for any other text (no aliases, no case folding: `named(_:)` reads what people type).
  static func exactlyNamed(_ name: String) -> JourneyField? {
    all.first { $0.name == name }
  }

  /// The field with this name or alias, ignoring case.
  /// - Throws: `JourneyInputError.unknownField`, with the nearest field name as a suggestion.
  public static func named(_ name: String) throws(JourneyInputError) -> JourneyField {
    let key = name.lowercased()
    if let field = all.first(where: { ([$0.name] + $0.aliases).contains { $0.lowercased() == key } }) {
      return field
    }
    let names = all.flatMap { field in ([field.name] + field.aliases).map { ($0.lowercased(), field.name) } }
    throw .unknownField(name, suggestion: key.nearest(among: names))
  }

  /// The field's value on a journey, as canonical text (`bike`, `2026-11-21T08:00:00Z`, `5400`).
  public func text(of journey: Journey) -> String {
    format(read(journey))
  }

  /// Sets the field from what a user typed, through the property's setter, so that observers see
  /// it as they see any other edit.
  /// - Throws: `JourneyInputError` when the text is not a valid value; the journey is unchanged.
  public func assign(_ text: String, to journey: Journey) throws(JourneyInputError) {
    assign(try parse(text), to: journey)
  }

  /// Sets the field to a value parsed by `parse(_:)`, through the property's setter.
  /// Observation skips the write when the journey already has the value.
  public func assign(_ value: Value, to journey: Journey) {
    precondition(value.fieldName == name, "a value of \(value.fieldName) assigned to \(name)")
    _ = write(journey, value.stored)
  }
}
