import Foundation
import Testing
@testable import JourneyStore

@Suite struct DurationDescriptionTests {
  @Test(arguments: [
    (0.0, "0s"), (1, "1s"), (90, "1m 30s"), (2700, "45m"), (3600, "1h"), (5400, "1h 30m"), (5400.5, "1h 30m 0.5s"),
    (600.5, "10m 0.5s"), (0.25, "0.25s"), (3600.1, "1h 0.1s"), (183_600, "2d 3h"), (59.9996, "1m"),
  ] as [(TimeInterval, String)])
  func readsAsPeopleWriteDurations(_ seconds: TimeInterval, text: String) {
    #expect(seconds.durationDescription == text)
  }

  @Test(arguments: [0, 1, 90, 2700, 5400.5, 777_661, 0.125] as [TimeInterval])
  func theDurationParserReadsItBack(_ seconds: TimeInterval) throws {
    #expect(try TimeInterval(parsingDuration: seconds.durationDescription) == seconds)
  }
}
