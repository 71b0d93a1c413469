import Foundation
import Testing

@testable import JourneyStore

private let durations: [(String, TimeInterval)] = [
  ("45m", 2700), ("1h30m", 5400), ("1h 30m", 5400), ("1H30M", 5400), ("90s", 90), ("2d", 172_800),
  ("1.5h", 5400), (".5h", 1800), ("1d 2h 3m 4s", 93_784), ("1h30m15s", 5415), ("1:30:00", 5400),
  ("1:30", 5400), ("0:00:30.5", 30.5), ("100:00", 360_000), ("90", 90), ("2.5", 2.5), ("0", 0),
  (" 45m ", 2700), ("0m", 0), ("90min", 5400), ("90 mins", 5400), ("2 hours", 7200), ("1hr 5min", 3900),
  ("1 day 2 hours", 93_600), ("30 seconds", 30), ("1Minute", 60),
]

@Suite struct DurationTests {
  @Test(arguments: durations)
  func parses(_ text: String, seconds: TimeInterval) throws {
    #expect(try TimeInterval(parsingDuration: text) == seconds)
  }

  @Test(arguments: ["-5", "-1h", "-1:30"])
  func rejectsANegativeDuration(_ text: String) {
    #expect(throws: JourneyInputError.negativeDuration(text)) { try TimeInterval(parsingDuration: text) }
  }

  @Test(arguments: [
    "", " ", "abc", "1x", "m", "h1", "1m1h", "1s1m", "1h1h", "1 h 30 m x", "1.2.3h",
    "NaN", "nan", "inf", "-inf", "infinity", "1e400s", "-abc", "1:", ":30", "1:3", "1:60",
    "1:30:60", "1:30:5", "1::00", "1mi", "2hourss", "1 minutes 2 hours", "1:30:00:00", "1:+5", "+5:00", "1:30:+5", "1:-0",
  ])
  func rejectsAnInvalidDuration(_ text: String) {
    #expect(throws: JourneyInputError.invalidDuration(text)) { try TimeInterval(parsingDuration: text) }
  }

  @Test(arguments: [
    (5400, "5400"), (0, "0"), (90.5, "90.5"), (0.25, "0.25"), (172_800, "172800"),
  ] as [(TimeInterval, String)])
  func secondsText(_ seconds: TimeInterval, text: String) {
    #expect(seconds.secondsText == text)
  }

  @Test(arguments: durations)
  func secondsTextParsesBackToTheSameDuration(_ text: String, seconds: TimeInterval) throws {
    #expect(try TimeInterval(parsingDuration: seconds.secondsText) == seconds)
  }
}
