import Foundation
import Testing

@testable import JourneyStore

/// `ReceivedBounds`, `HybridClock`'s bounds and `JourneyField.accepts(received:)`: what a received
/// file may carry, as values (the command-line tests send them through real files).
@Suite("What a received file may carry")
struct ReceivedBoundsTests {
  static let a = "0a000000-0000-4000-8000-000000000000"
  static let b = "0b000000-0000-4000-8000-000000000000"

  @Test func noClockOverflowsAndOneTooFarAheadCountsAsTheBound() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let bound = HybridClock.latestAccepted(at: now)
    #expect(HybridClock.stamp(now, after: .max, now: now) == bound + 1)
    #expect(HybridClock.stamp(now, after: 5, now: now) > 5)
    let later = HybridClock.stamp(now, after: bound - 10, now: now)
    #expect(later == bound - 9)
    // A wall clock at the end of what 47 bits of milliseconds hold still gives a clock.
    let far = Date(timeIntervalSince1970: 1e15)
    #expect(HybridClock.latestAccepted(at: far) == .max)
    #expect(HybridClock.stamp(far, after: .max, now: far) == .max)
  }

  @Test func aClockMoreThanADayAheadIsRefusedNamingItsReplica() throws {
    let now = Date()
    let bounds = ReceivedBounds(listing: [:], now: now)
    try bounds.check(
      clock: HybridClock.stamp(now.addingTimeInterval(23 * 3600), after: 0), writtenBy: Self.a)
    #expect(throws: ChangeFileError.self) {
      try bounds.check(
        clock: HybridClock.stamp(now.addingTimeInterval(25 * 3600), after: 0), writtenBy: Self.a)
    }
    do {
      try bounds.check(clock: .max, writtenBy: Self.a)
      Issue.record("a clock of the largest integer was accepted")
    } catch ChangeFileError.malformed(let reason) {
      #expect(reason.contains("replica \(Self.a)'s clock runs ahead"), "\(reason)")
    }
  }

  @Test func aVectorMayClaimOnlyFilesTheRemoteListsOrThisReplicaApplied() throws {
    let bounds = ReceivedBounds(listing: [Self.a: [1, 2, 3], Self.b: [7]])
    try bounds.check(vector: [Self.a: 3, Self.b: 7], seen: [:])
    try bounds.check(vector: [Self.a: 9], seen: [Self.a: 9])
    // The writer's own files: those before the file that carries the vector.
    try bounds.check(vector: [Self.a: 2], seen: [:], writer: Self.a, seq: 3)
    for (vector, writer) in [
      ([Self.a: 4], nil), ([Self.b: 1_000_000], nil), ([Self.a: 3], Self.a), ([Self.a: -1], nil),
      (["not-a-replica": 0], nil),
    ] as [([String: Int64], String?)] {
      #expect(throws: ChangeFileError.self, "\(vector)") {
        try bounds.check(vector: vector, seen: [:], writer: writer, seq: 3)
      }
    }
  }

  @Test func aReceivedValueIsOneTheJourneyTableAccepts() {
    #expect(JourneyField.name.accepts(received: .text("Commute")))
    #expect(!JourneyField.name.accepts(received: .invalidText([0xff, 0xfe])))
    #expect(!JourneyField.name.accepts(received: .integer(1)))
    #expect(
      !JourneyField.name.accepts(
        received: .text(String(repeating: "x", count: JourneyField.longestReceivedText + 1))))
    #expect(JourneyField.transportationType.accepts(received: .text("bike")))
    #expect(!JourneyField.transportationType.accepts(received: .text("rocket")))
    #expect(JourneyField.startDate.accepts(received: .real(0)))
    #expect(!JourneyField.startDate.accepts(received: .real(.nan)))
    #expect(!JourneyField.duration.accepts(received: .real(-1)))
    let update = RowChange.update(
      old: [.text(Self.a), .text("Old"), nil, nil, nil],
      new: [nil, .text("New"), .text("rocket"), nil, nil])
    #expect(update.heldBackFields == JourneyFieldSet(rawValue: JourneyField.transportationType.bit))
  }
}
