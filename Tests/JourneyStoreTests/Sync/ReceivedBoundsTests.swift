import Foundation
import Testing

@testable import JourneyStore

/// `ReceivedBounds`, `HybridClock`'s bounds and `JourneyField.accepts(received:)`: what a received
/// file may carry, as values (the command-line tests send them through real files).
@Suite("What a received file may carry")
struct ReceivedBoundsTests {
  static let a = "0a000000-0000-4000-8000-000000000000"
  static let b = "0b000000-0000-4000-8000-000000000000"

  @Test func noClockOverflows() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(HybridClock.stamp(now, after: .max) == .max)
    #expect(HybridClock.stamp(now, after: 5) > 5)
    let bound = HybridClock.latestAccepted(at: now)
    #expect(HybridClock.stamp(now, after: bound + 10) == bound + 11)
    // A wall clock at the end of what 47 bits of milliseconds hold still gives a clock.
    let far = Date(timeIntervalSince1970: 1e15)
    #expect(HybridClock.latestAccepted(at: far) == .max)
    #expect(HybridClock.stamp(far, after: 0) > 0)
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
    let update = ReceivedChange(
      journey: JourneyKey(lowercasedText: Self.a)!,
      .update(
        old: [.text(Self.a), .text("Old"), nil, nil, nil],
        new: [nil, .text("New"), .text("rocket"), nil, nil]))
    #expect(update.heldBack == JourneyFieldSet(rawValue: JourneyField.transportationType.bit))
    // A summary names the first ten and counts the rest.
    var summary = SyncSummary(remote: "remote", replica: Self.b)
    for _ in 0..<12 {
      summary.note(update, file: "f", replica: Self.b)
    }
    #expect(summary.heldBackValues.count == SyncSummary.heldBackValuesNamed && summary.heldBackValueCount == 12)
    #expect(summary.heldBackValues.first?.reason == "'rocket', which this roadtrip cannot store")
  }
}

/// A database whose registers an older roadtrip left holding a value the journey table refuses
/// (it merged a received 'rocket' before values were checked where they enter): later edits of
/// the journey's other fields are written, and the refused value is a conflict once.
@Suite("A value refused by the table, already in the registers")
struct RefusedRegisterTests {
  @Test func laterEditsOfTheOtherFieldsAreWrittenAndTheRefusalIsRecordedOnce() throws {
    let world = try SyncWorld(replicas: 2)
    let journey = Journey.sample("Commute", .bike)
    try world[0].add(journey)
    try world.syncAll()
    let id = journey.id.lowercasedText
    try world[1].connection.transaction(.immediate) {
      let store = try RegisterStore.forWriting(on: world[1].connection)
      var registers = try #require(try store.registers(of: id))
      let written = registers.fields[JourneyField.name.index]
      registers.fields[JourneyField.transportationType.index] = Register(
        value: .text("rocket"), hlc: written.hlc + 1, by: written.by, seq: written.seq)
      try store.save([(journey: id, registers: registers)])
    }
    for name in ["Renamed", "Renamed again"] {
      try world[0].edit(journey.id) { $0.name = name }
      try world.sync(0)
      try world.sync(1)
      #expect(try world[1].journey(id: journey.id)?.name == name)
      #expect(try world[1].journey(id: journey.id)?.transportationType == .bike)
    }
    let conflicts = try world[1].syncConflicts()
    #expect(conflicts.map(\.field) == [.transportationType], "\(conflicts)")
  }
}
