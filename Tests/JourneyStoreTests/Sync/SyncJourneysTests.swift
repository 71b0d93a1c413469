import Foundation
import Testing

@testable import JourneyStore

/// How a sync numbers the journeys it touches (`SyncJourneys`): a received file's new journeys in
/// the order of their ids, found again by their ids' bits or text, by a scan in any order.
@Suite("Sync numbers its journeys")
struct SyncJourneysTests {
  static func registers(_ index: Int, _ id: String) -> JourneyRegisters {
    JourneyRegisters(
      present: Register(value: .integer(1), hlc: Int64(index + 1), by: 1, seq: Int64(index + 1)),
      fields: RegisterFields(
        repeating: Register(value: .text(id), hlc: Int64(index + 1), by: 1, seq: 1)))
  }

  @Test(arguments: [BulkReads.never, .always])
  func aFilesNewJourneysAreNumberedInTheOrderOfTheirIds(reads: BulkReads) throws {
    let folder = try TemporaryFolder()
    let connection = try Fixtures.database(in: folder).connection
    let ids = (0..<40).map { _ in UUID().uuidString.lowercased() }
    // Ids that only another program could write: not lowercase UUIDs.
    let others = ["legacy-1", UUID().uuidString, "zzz", "ffffffff-ffff-ffff-ffff-fffffffffffg"]
    var saved: [String: JourneyRegisters] = [:]
    for (index, id) in (ids + others).enumerated() { saved[id] = Self.registers(index, id) }
    let store = try RegisterStore.forWriting(on: connection)
    try store.save(saved.map { (journey: $0.key, registers: $0.value) })

    var journeys = SyncJourneys(store: store, reads: reads)
    // Met first (a send), in the order given.
    let sent = [ids[30], others[0], ids[5], others[1], UUID().uuidString.lowercased()]
    #expect(try journeys.read(sent) == [0, 1, 2, 3, 4])
    let absent = UUID()
    var received =
      (ids[0..<20] + ids[0..<20] + [ids[5], ids[30], ids[39]]).map {
        JourneyKey(lowercasedText: $0)!
      } + [JourneyKey(absent), JourneyKey(absent)]
    received.shuffle()
    let numbers = try journeys.read(keys: received)
    for (key, number) in zip(received, numbers) {
      #expect(journeys.id(of: number) == key.lowercasedText)
      #expect(journeys.registers(of: number) == (saved[key.lowercasedText] ?? .empty))
    }
    let (key5, key30) = (JourneyKey(lowercasedText: ids[5])!, JourneyKey(lowercasedText: ids[30])!)
    #expect(numbers[received.firstIndex(of: key5)!] == 2)
    #expect(numbers[received.firstIndex(of: key30)!] == 0)
    let new = Set(received).subtracting([key5, key30]).sorted()
    #expect(new.map { numbers[received.firstIndex(of: $0)!] } == Array(5..<(5 + new.count)))
    #expect(journeys.count == 5 + new.count)
    // Met again: the same numbers, nothing new.
    #expect(try journeys.read(keys: received.reversed()) == numbers.reversed())
    #expect(try journeys.read(keys: []) == [])
    #expect(journeys.count == 5 + new.count)

    // Found by the text of their ids, one by one and by scans in the order of the ids or not,
    // among ids the sync never met.
    var every = (0..<journeys.count).map { journeys.id(of: $0) }
    let unmet = (0..<30).map { _ in UUID().uuidString.lowercased() } + ["legacy-2", "zzzz"]
    // One by one: a lookup of its own for each id, which starts from no journey found.
    func number(_ id: String) -> Int? {
      var (id, lookup) = (id, journeys.lookupInIDOrder())
      return id.withUTF8 { lookup.number(ofID: $0) }
    }
    for (expected, id) in every.enumerated() { #expect(number(id) == expected) }
    for id in unmet { #expect(number(id) == nil) }
    every += unmet
    for order in [every.sorted(), every.shuffled(), every.sorted().reversed()] {
      var lookup = journeys.lookupInIDOrder()
      for var id in order {
        let found = id.withUTF8 { lookup.number(ofID: $0) }
        #expect(found == number(id), "\(id)")
      }
    }
  }

  @Test func aChangeIsReadAtTheOffsetItsKeysReadingFoundAndNowhereElse() throws {
    let id = UUID().uuidString.lowercased()
    let other = UUID().uuidString.lowercased()
    let changes: [RowChange] = [
      .insert([.text(id), .text("name"), .text("car"), .real(1), .real(60)]),
      .update(
        old: [.text(other), .text("a"), nil, .real(2), nil],
        new: [nil, .text("b"), nil, .real(3), nil]),
      .delete([.text(other + "x"), .text("gone"), .text("bus"), .real(1), .null]),
    ]
    let changeset = try Changeset(table: .journey, changes: changes)
    var offsets: [Int] = []
    try changeset.forEachKeyText(of: .journey) { offset, _ in offsets.append(offset) }
    #expect(offsets.count == 3)
    for (offset, change) in zip(offsets, try changeset.changes(of: .journey)) {
      #expect(try changeset.change(at: offset, of: .journey) == change)
    }
    #expect(
      try changeset.change(at: offsets[1], of: .journey, oldValuesOfUpdates: false)
        == .update(old: [], new: [nil, .text("b"), nil, .real(3), nil]))
    // A table's header is no change; nor is anything outside the bytes.
    #expect(throws: SQLiteError.self) { try changeset.change(at: 0, of: .journey) }
    for offset in [Int.min, -1, changeset.bytes.count, changeset.bytes.count + 1, Int.max] {
      #expect(throws: SQLiteError.self) { try changeset.change(at: offset, of: .journey) }
    }
    // Damaged or cut bytes, never checked, read at every offset: an error or a change, no trap.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      var bytes = changeset.bytes
      for _ in 0..<3 {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count)) }
      let damaged = Changeset(bytes: bytes)
      for offset in 0..<bytes.count {
        _ = try? damaged.change(at: offset, of: .journey)
        _ = try? damaged.change(at: offset, of: .journey, oldValuesOfUpdates: false)
      }
    }
  }
}
