import Foundation
import Testing

@testable import JourneyStore

/// 2026-11-21T08:00:00Z, in seconds since 2001-01-01T00:00:00Z.
private let november21At8UTC: TimeInterval = 816_940_800

private let instants: [(String, TimeInterval)] = [
  ("2026-11-21T08:00:00Z", november21At8UTC),
  ("2026-11-21t08:00:00z", november21At8UTC),
  ("2026-11-21 08:00:00Z", november21At8UTC),
  ("2026-11-21T08:00Z", november21At8UTC),
  ("2026-11-21T08:00:30Z", november21At8UTC + 30),
  ("2026-11-21T08:00:00.250Z", november21At8UTC + 0.25),
  ("2026-11-21T08:00:00,5Z", november21At8UTC + 0.5),
  ("2026-11-21T08:00:00.000001Z", november21At8UTC + 0.000_001),
  ("2026-11-21T08:00:00+02:00", november21At8UTC - 2 * 3600),
  ("2026-11-21T08:00:00+0200", november21At8UTC - 2 * 3600),
  ("2026-11-21T08:00+02", november21At8UTC - 2 * 3600),
  ("2026-11-21T08:00:00-0530", november21At8UTC + 5.5 * 3600),
  ("2026-11-21T08:00:00-05:30", november21At8UTC + 5.5 * 3600),
  ("2026-11-21T08:00:00.5+01:00", november21At8UTC - 3600 + 0.5),
  ("2026-11-21T00:30:00+01:00", november21At8UTC - 8.5 * 3600),
  ("2001-01-01T00:00:00Z", 0),
  ("1969-12-31T23:59:59Z", -978_307_201),
  ("0001-01-01T00:00:00Z", -63_113_904_000),
  ("2000-02-29T00:00:00Z", -26_524_800),
]

private let formattedDates: [(TimeInterval, String)] = [
  (november21At8UTC, "2026-11-21T08:00:00Z"),
  (november21At8UTC + 0.25, "2026-11-21T08:00:00.25Z"),
  (november21At8UTC + 0.5, "2026-11-21T08:00:00.5Z"),
  (november21At8UTC + 0.000_001, "2026-11-21T08:00:00.000001Z"),
  (0, "2001-01-01T00:00:00Z"),
  (-0.5, "2000-12-31T23:59:59.5Z"),
  (-978_307_201, "1969-12-31T23:59:59Z"),
  (-31_588_531_201, "0999-12-31T23:59:59Z"),
  (-63_113_904_000, "0001-01-01T00:00:00Z"),
  (252_423_993_599, "9999-12-31T23:59:59Z"),
]

@Suite struct ISO8601DateTests {
  @Test(arguments: instants)
  func parsesAnInstant(_ text: String, secondsSinceReferenceDate: TimeInterval) throws {
    let date = try #require(Date(iso8601: text))
    #expect(date.timeIntervalSinceReferenceDate == secondsSinceReferenceDate)
  }

  /// Local times follow `TZ`, so the expected dates are computed in the current time zone rather than
  /// by setting `TZ`, which would race with the tests that run in parallel.
  @Test(arguments: [
    ("2026-11-21T08:00", [2026, 11, 21, 8, 0, 0]),
    ("2026-11-21 08:00:30", [2026, 11, 21, 8, 0, 30]),
    ("2026-11-21", [2026, 11, 21, 0, 0, 0]),
    ("2026-07-01T12:15", [2026, 7, 1, 12, 15, 0]),
    ("1999-12-31T23:59:59", [1999, 12, 31, 23, 59, 59]),
  ])
  func parsesALocalTime(_ text: String, fields: [Int]) throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let components = DateComponents(
      year: fields[0], month: fields[1], day: fields[2],
      hour: fields[3], minute: fields[4], second: fields[5])
    let expected = try #require(calendar.date(from: components))
    #expect(Date(iso8601: text) == expected)
  }

  @Test func localTimeKeepsItsFraction() throws {
    let whole = try #require(Date(iso8601: "2026-11-21T08:00:00"))
    #expect(Date(iso8601: "2026-11-21T08:00:00.75") == whole.addingTimeInterval(0.75))
  }

  @Test(arguments: [
    "", "now", "2026", "26-11-21", "2026-1-21", "2026-11-2", "+2026-11-21", " 2026-11-21", "2026-11-21 ",
    "2026-13-01", "2026-00-10", "2026-11-00", "2026-11-31", "2026-02-30", "2025-02-29", "2100-02-29",
    "2026-11-21T", "2026-11-21T08", "2026-11-21T8:00", "2026-11-21T24:00", "2026-11-21T08:60",
    "2026-11-21T08:00:60", "2026-11-21T08:00:00.", "2026-11-21T08:00:00Zjunk", "2026-11-21T08:00:00ZZ",
    "2026-11-21T08:00:00+", "2026-11-21T08:00:00+2", "2026-11-21T08:00:00+02:", "2026-11-21T08:00:00+24:00",
    "2026-11-21T08:00:00+02:60", "2026-11-21T08:00:00 +02:00", "2026-11-21Z", "2026/11/21",
    "２０２６-11-21",
  ])
  func rejects(_ text: String) {
    #expect(Date(iso8601: text) == nil)
  }

  @Test(arguments: ["2000-02-29", "2024-02-29T12:00:00Z", "2400-02-29T00:00:00Z"])
  func acceptsLeapDays(_ text: String) {
    #expect(Date(iso8601: text) != nil)
  }

  @Test(arguments: formattedDates)
  func formatsInUTC(_ secondsSinceReferenceDate: TimeInterval, text: String) {
    #expect(Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate).iso8601 == text)
  }

  @Test(arguments: [
    "2026-11-21T08:00:00Z", "2026-11-21T08:00:00.25Z", "2026-11-21T08:00:00.123Z",
    "2026-11-21T08:00:00.000001Z", "2026-11-21T08:00:00.999999Z", "1970-01-01T00:00:00Z",
    "1969-12-31T23:59:59.999Z", "2000-02-29T12:34:56.789Z", "1900-03-01T00:00:00.5Z",
    "0999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2038-01-19T03:14:08Z",
  ])
  func roundTripsTextThroughDate(_ text: String) throws {
    let date = try #require(Date(iso8601: text))
    #expect(date.iso8601 == text)
  }

  /// Dates with a millisecond fraction, as a decimal number of seconds would give them (JSON, SQLite),
  /// come back exactly from their text.
  @Test(arguments: [816_940_800, 0, -978_307_201, 1_000_000_000, -3_182_198_400, 4_102_444_800])
  func roundTripsDatesWithMillisecondsExactly(_ wholeSeconds: Int) throws {
    for milliseconds in 0..<1000 {
      let digits = String(milliseconds + 1000).dropFirst()
      let seconds = try #require(Double("\(wholeSeconds).\(digits)"))
      let date = Date(timeIntervalSinceReferenceDate: seconds)
      let text = date.iso8601
      #expect(Date(iso8601: text) == date, "\(seconds) → \(text)")
    }
  }

  /// A fraction of 17 digits in the second before 2001-01-01 (found by the fuzz target): its
  /// text needs all 17, where a `Double` no longer holds every integer of that many digits.
  @Test(arguments: ["2000-12-31T23:59:59.90226222226200022Z", "2000-12-31T23:59:59.00000000000000011Z", "2000-12-31T23:59:59.99999999999999989Z"])
  func aFractionOfSeventeenDigitsReadsBack(_ text: String) throws {
    let date = try #require(Date(iso8601: text))
    #expect(Date(iso8601: date.iso8601) == date, "\(text) → \(date.iso8601)")
  }

  /// Any fraction of a second before the reference date, to 17 digits, reads back exactly.
  @Test func randomFractionsJustBeforeTheReferenceDateReadBack() throws {
    var generator = SeededGenerator(seed: 17)
    for _ in 0..<20_000 {
      let digits = String(UInt64.random(in: 1..<100_000_000_000_000_000, using: &generator))
      let text = "2000-12-31T23:59:59." + String(repeating: "0", count: 17 - digits.count) + digits + "Z"
      let date = try #require(Date(iso8601: text))
      #expect(Date(iso8601: date.iso8601) == date, "\(text) → \(date.iso8601)")
    }
  }
}
