import Foundation
import Testing
@testable import JourneyStore

/// The reader reads each value where it lies in its buffer, and each field's common form straight
/// from the bytes (`JourneyField.storedValue(parsingUTF8:)`): what it reads must be what the
/// field's parser reads from the same text, value for value and error for error.
@Suite("Values read from the reader's buffer")
struct JourneyReaderBytesTests {
  /// The longest duration a journey may have, and the first it may not, as whole seconds.
  static let longest = Int64(Journey.longestDuration) - 1

  @Test(arguments: [
    (JourneyField.name, ["", "Café 🚌", "Journey 0", " spaced "]),
    (JourneyField.transportationType, ["bus", "hired-car", "light-rail", "Bus", "hiredCar", "Shared Ride", "plane", ""]),
    (JourneyField.startDate, [
      "2026-11-21T08:00:00Z", "2026-11-21T08:00:00.25+01:00", "2026-11-21", "2026-11-21T08:00",
      "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "-0001-01-01T00:00:00Z", "10000-01-01T00:00:00Z",
      "2026-02-30T00:00:00Z", "2026-11-21T08:00:00Zx", "today 18:00", "",
    ]),
    (JourneyField.duration, [
      "0", "5400", "007", "5400.5", "1e3", "1h30m", "-5", "", " 60", "999999999999999", "9999999999999999",
      "\(longest)", "\(longest + 1)",
    ]),
  ])
  func theBytesReadAsTheirText(field: JourneyField, texts: [String]) {
    for text in texts {
      let fromText = Result { () throws(JourneyInputError) in try field.parse(text).stored }
      var utf8 = text
      let fromBytes = utf8.withUTF8 { bytes in
        Result { () throws(JourneyInputError) in try field.storedValue(parsingUTF8: bytes) }
      }
      switch (fromText, fromBytes) {
      case (.success(let expected), .success(let read)): #expect(read == expected, "\(field) '\(text)'")
      case (.failure(let expected), .failure(let read)): #expect("\(read)" == "\(expected)", "\(field) '\(text)'")
      default: Issue.record("\(field) '\(text)': \(fromText) from the text, \(fromBytes) from the bytes")
      }
    }
  }

  @Test func wholeSecondsStopShortOfTheLongestDuration() {
    func read(_ text: String) -> TimeInterval? {
      var text = text
      return text.withUTF8 { TimeInterval(wholeSecondsUTF8: $0) }
    }
    #expect(read("5400") == 5400)
    #expect(read("\(Self.longest)") == TimeInterval(Self.longest))
    #expect(read("\(Self.longest + 1)") == nil)
    #expect(read("5400.0") == nil)
    #expect(read("") == nil)
    #expect(read("1234567890123456") == nil)
  }

  @Test func slugsAreReadExactly() {
    for type in TransportationType.allCases {
      var slug = type.rawValue
      #expect(slug.withUTF8 { TransportationType(slugUTF8: $0) } == type)
    }
    for text in ["Bus", "bus ", "hired", "hired-car-", ""] {
      var text = text
      #expect(text.withUTF8 { TransportationType(slugUTF8: $0) } == nil, "\(text)")
    }
  }

  /// One array holds each record's values in turn: a key of one record must not stay for the next.
  @Test func aRecordsValuesDoNotCarryOverToTheNext() throws {
    let text = """
      {"id":"\(JourneyReaderTests.first)","name":"a","transportationType":"car","startDate":"2026-11-21T08:00:00Z","duration":60,"endDate":"2026-11-21T08:01:00Z"}
      {"transportationType":"bus","startDate":"2026-11-22T08:00:00Z","duration":120}
      {"id":"\(JourneyReaderTests.second)","transportationType":"bus","startDate":"2026-11-23T08:00:00Z","endDate":"2026-11-23T08:05:00Z"}

      """
    let journeys = try JourneyReaderTests.read(text, .ndjson)
    #expect(journeys.map(\.id) == [UUID(uuidString: JourneyReaderTests.first), nil, UUID(uuidString: JourneyReaderTests.second)])
    func start(_ text: String) -> DatabaseValue { .real(Date(iso8601: text)!.timeIntervalSinceReferenceDate) }
    #expect(journeys[1].values == [.text(""), .text("bus"), start("2026-11-22T08:00:00Z"), .real(120)])
    #expect(journeys[2].values == [.text(""), .text("bus"), start("2026-11-23T08:00:00Z"), .real(300)])
  }

  /// Values with escapes are decoded, and read as the same values written plainly.
  @Test func escapedValuesReadAsTheirText() throws {
    let escaped = #"""
      {"id":"0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000\u0031","name":"x","transportationType":"hired\u002dcar","startDate":"2026-11-21T08:00:00\u005a","duration":"54\u00300","endDate":"2026\/11\/21"}
      """#
    let plain = """
      {"id":"\(JourneyReaderTests.first)","name":"x","transportationType":"hired-car","startDate":"2026-11-21T08:00:00Z","duration":5400}
      """
    // `2026/11/21` is no date: the end is checked as its text, and refused in its words.
    #expect(JourneyReaderTests.failure(escaped + "\n", .ndjson)?.description.contains("endDate: '2026/11/21' is not a date") == true)
    let withoutEnd = escaped.replacingOccurrences(of: #","endDate":"2026\/11\/21""#, with: "")
    let journeys = try JourneyReaderTests.read(withoutEnd + "\n" + plain + "\n", .ndjson)
    #expect(journeys.count == 2)
    #expect(journeys[0].id == journeys[1].id)
    #expect(journeys[0].values == journeys[1].values)
  }

  /// An end is compared as an instant: the same instant in another offset agrees; another does not,
  /// and the message gives the record's text and the journey's end.
  @Test func anEndAgreesAsAnInstant() throws {
    func record(end: String) -> String {
      #"{"name":"a","transportationType":"car","startDate":"2026-11-21T08:00:00.5Z","duration":60.25,"endDate":"\#(end)"}"#
        + "\n"
    }
    #expect(try JourneyReaderTests.read(record(end: "2026-11-21T08:01:00.75Z"), .ndjson).count == 1)
    #expect(try JourneyReaderTests.read(record(end: "2026-11-21T09:01:00.75+01:00"), .ndjson).count == 1)
    let failure = JourneyReaderTests.failure(record(end: "2026-11-21T08:01:00Z"), .ndjson)
    #expect(failure == .malformed(
      line: 1, reason: "endDate 2026-11-21T08:01:00Z is not startDate + duration (2026-11-21T08:01:00.75Z); correct it or leave it out"))
  }
}
