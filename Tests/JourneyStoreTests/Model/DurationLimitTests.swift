import Foundation
import Testing
@testable import JourneyStore

/// Durations at their limits: parsed in linear time without recursion, never with an exponent
/// inside clock notation, never past the year 9999, and any stored value described.
@Suite struct DurationLimitTests {
  @Test(arguments: [10_000, 50_000, 400_000])
  func thousandsOfDashesAreRefusedInLinearTime(count: Int) {
    // Recursion per dash overflowed the stack at 50,000; quadratic work took seconds at 10,000
    // and would take minutes at 400,000.
    let text = String(repeating: "-", count: count) + "5"
    #expect(throws: JourneyInputError.invalidDuration(text)) { try TimeInterval(parsingDuration: text) }
    let spaced = String(repeating: " ", count: count) + "-5" + String(repeating: " ", count: count)
    #expect(throws: JourneyInputError.negativeDuration(spaced)) { try TimeInterval(parsingDuration: spaced) }
    let digits = String(repeating: "1", count: count) + "h"
    #expect(throws: JourneyInputError.durationTooLong(digits)) { try TimeInterval(parsingDuration: digits) }
  }

  @Test(arguments: ["1:30:5e1", "1:30:05e0", "1:30:1E1", "1:3e1", "1e1:30", "1:30:+5", "1:30:-05", "1:30:.5", "1.5:30"])
  func clockNotationHasNoExponentOrSign(_ text: String) {
    #expect(throws: JourneyInputError.invalidDuration(text)) { try TimeInterval(parsingDuration: text) }
  }

  @Test(arguments: [("1:30:05.5", 5405.5), ("0:00:00", 0), ("100:59:59", 363_599), ("1:30", 5400)] as [(String, TimeInterval)])
  func clockNotationKeepsItsFraction(_ text: String, seconds: TimeInterval) throws {
    #expect(try TimeInterval(parsingDuration: text) == seconds)
  }

  @Test(arguments: ["1e15", "1e308", "1e400", "99999999999999999999999999h", "315569520000", "3652500d", "87658200h"])
  func aDurationNoJourneyCanLastIsRefused(_ text: String) {
    #expect(throws: JourneyInputError.durationTooLong(text)) { try TimeInterval(parsingDuration: text) }
    #expect(JourneyInputError.durationTooLong(text).description.contains("9999-12-31T23:59:59Z"))
  }

  @Test func theLongestDurationFromYearZeroIsAccepted() throws {
    #expect(try TimeInterval(parsingDuration: "315569519999.5") == 315_569_519_999.5)
    #expect(try TimeInterval(parsingDuration: "3652424d") == 3_652_424 * 86_400)
  }

  @Test(arguments: [
    (.nan, "nans"), (.infinity, "infs"), (-.infinity, "-infs"), (1e300, "1e+300s"), (8e23, "8e+23s"),
    (-1, "-1.0s"), (9e12, "9000000000000.0s"), (-0.0, "0s"), (8.9e12, "103009259d 6h 13m 20s"),
  ] as [(TimeInterval, String)])
  func everyStoredDurationHasADescription(_ seconds: TimeInterval, text: String) {
    // Another program may store any REAL; printing it must never trap.
    #expect(seconds.durationDescription == text)
    _ = seconds.secondsText
    _ = Date(timeIntervalSinceReferenceDate: seconds).iso8601
  }

  @Test(arguments: [-1e300, -.infinity, .nan, 1e15, -1e15, 9.2e18, 1e19])
  func everyStoredDateHasAText(_ seconds: TimeInterval) {
    #expect(!Date(timeIntervalSinceReferenceDate: seconds).iso8601.isEmpty)
    #expect(!JourneyField.startDate.format(.real(seconds)).isEmpty)
  }
}
