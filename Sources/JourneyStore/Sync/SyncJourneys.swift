#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journeys one sync touches, numbered in the order it meets them, with their registers as
/// the table held them and as merged so far, in arrays by number: each journey's id is hashed
/// once or twice in a sync, not at every step (at 100,000 journeys, hashing and comparing ids
/// took more time than the merge: BENCHMARKS.md, P12).
struct SyncJourneys {
  let store: RegisterStore
  let reads: BulkReads
  /// Ids by number.
  private(set) var ids: [String] = []
  private var numbers: [String: Int] = [:]
  /// The registers as the table holds them (`nil`: no row), once read.
  private var stored: [JourneyRegisters?] = []
  private var isRead: [Bool] = []
  /// The registers as merged so far (`nil`: no merge reached the journey).
  private(set) var merged: [JourneyRegisters?] = []
  /// Whether a received write reached the journey.
  private(set) var isReceived: [Bool] = []

  init(store: RegisterStore, reads: BulkReads) {
    self.store = store
    self.reads = reads
  }

  /// The journey's number, given at its first mention.
  private mutating func number(_ journey: String) -> Int {
    if let number = numbers[journey] { return number }
    let number = ids.count
    numbers[journey] = number
    ids.append(journey)
    stored.append(nil)
    isRead.append(false)
    merged.append(nil)
    isReceived.append(false)
    return number
  }

  /// Reads the registers of the journeys not read yet, all at once (`BulkReads`).
  mutating func read(_ journeys: some Sequence<String>) throws {
    let expected = ids.count + journeys.underestimatedCount
    if expected > numbers.capacity {
      numbers.reserveCapacity(expected)
      ids.reserveCapacity(expected)
      stored.reserveCapacity(expected)
      isRead.reserveCapacity(expected)
      merged.reserveCapacity(expected)
      isReceived.reserveCapacity(expected)
    }
    var wanted: [(journey: String, number: Int)] = []
    for journey in journeys {
      let number = number(journey)
      if !isRead[number] {
        isRead[number] = true
        wanted.append((journey, number))
      }
    }
    guard !wanted.isEmpty else { return }
    let wantedNumbers = Set(wanted.lazy.map(\.number))
    try store.registers(of: wanted, numbers: numbers, reads: reads) { number, registers in
      if wantedNumbers.contains(number) { stored[number] = registers }
    }
  }

  /// Merges into the journey's registers (read first, if they were not).
  mutating func merge(
    _ journey: String, received: Bool, _ body: (inout JourneyRegisters) throws -> Void
  ) throws {
    let number = number(journey)
    if !isRead[number] { try read(CollectionOfOne(journey)) }
    var registers = merged[number] ?? stored[number] ?? .empty
    try body(&registers)
    merged[number] = registers
    if received { isReceived[number] = true }
  }

  /// The numbers and ids of the journeys that received writes reached (each id a lowercase
  /// UUID, which reading a file checks), in the order of their ids.
  func received() -> [(number: Int, id: UUID)] {
    inOrder(ids.indices.filter { isReceived[$0] }).compactMap { number, id in
      id.map { (number, $0) }
    }
  }

  /// Writes the registers that a merge changed, in the order of the journeys' ids.
  func save() throws {
    let changed = ids.indices.filter { number in
      guard let registers = merged[number] else { return false }
      return registers != (stored[number] ?? .empty)
    }
    try store.save(inOrder(changed).map { number, _ in (ids[number], merged[number]!) })
  }

  /// Journeys in the order of their ids, with their ids as UUIDs (`nil`: another program's id,
  /// not a UUID; those come last). The text of lowercase UUIDs sorts as their 128 bits do, which
  /// compare several times faster than the text.
  private func inOrder(_ numbers: [Int]) -> [(number: Int, id: UUID?)] {
    var keyed: [(number: Int, id: UUID?, key: (UInt64, UInt64))] = numbers.map { number in
      guard let id = UUID(lowercasedText: ids[number]) else { return (number, nil, (.max, .max)) }
      return withUnsafeBytes(of: id.uuid) { bytes in
        (
          number, id,
          (
            UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
          )
        )
      }
    }
    keyed.sort { $0.key < $1.key }
    return keyed.map { ($0.number, $0.id) }
  }

  /// The journeys' numbers by id.
  var byID: [String: Int] { numbers }
}
