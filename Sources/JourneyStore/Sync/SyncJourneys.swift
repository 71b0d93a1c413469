#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journeys one sync touches, numbered in the order it meets them, with their registers as
/// the table held them and as merged so far, in arrays by number: each journey's id is looked up
/// once in a sync, when it is read (`read` hands back the numbers, and the merges go by number),
/// not at every step (at 100,000 journeys, hashing and comparing ids took more time than the
/// merge: BENCHMARKS.md, P12). Ids that are lowercase UUIDs (every id a change file names) are
/// kept as their 128 bits (`JourneyKey`), so that a table scan finds a row's journey from the
/// bytes of its id without making a `String`; another program's ids by their text.
struct SyncJourneys {
  let store: RegisterStore
  let reads: BulkReads
  /// Ids by number.
  private(set) var ids: [String] = []
  /// The ids' bits by number (`nil`: an id that is not a lowercase UUID).
  private var keys: [JourneyKey?] = []
  private var numbers: [JourneyKey: Int] = [:]
  private var otherNumbers: [String: Int] = [:]
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

  /// How many journeys the sync has met.
  var count: Int { ids.count }

  /// The journey's number, given at its first mention; `key` is its id's bits (`nil`: an id
  /// that is not a lowercase UUID).
  private mutating func number(_ journey: String, key: JourneyKey?) -> Int {
    if let key {
      if let number = numbers[key] { return number }
      numbers[key] = ids.count
    } else {
      if let number = otherNumbers[journey] { return number }
      otherNumbers[journey] = ids.count
    }
    ids.append(journey)
    keys.append(key)
    stored.append(nil)
    isRead.append(false)
    merged.append(nil)
    isReceived.append(false)
    return ids.count - 1
  }

  /// The number of the journey whose id's UTF-8 bytes a table row holds, `nil` for a journey
  /// the sync has not met.
  func number(ofID bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    Self.number(ofID: bytes, numbers, otherNumbers)
  }

  private static func number(
    ofID bytes: UnsafeBufferPointer<UInt8>, _ numbers: [JourneyKey: Int],
    _ otherNumbers: [String: Int]
  ) -> Int? {
    if let key = JourneyKey(lowercasedText: bytes) { return numbers[key] }
    guard !otherNumbers.isEmpty else { return nil }
    return otherNumbers[String(decoding: bytes, as: UTF8.self)]
  }

  /// Reads the registers of the journeys not read yet, all at once (`BulkReads`).
  /// - Returns: The journeys' numbers, in the order given (each merge of them goes by number).
  @discardableResult
  mutating func read(_ journeys: some Sequence<String>) throws -> [Int] {
    try read(keyed: journeys.lazy.map { ($0, JourneyKey(lowercasedText: $0)) })
  }

  /// Reads the registers of the journeys not read yet, given with their ids' bits (`nil`: an id
  /// that is not a lowercase UUID), as a received file's are once it is read: no id is parsed
  /// again.
  /// - Returns: The journeys' numbers, in the order given.
  @discardableResult
  mutating func read(keyed journeys: some Sequence<(id: String, key: JourneyKey?)>) throws
    -> [Int]
  {
    let expected = ids.count + journeys.underestimatedCount
    if expected > numbers.capacity {
      numbers.reserveCapacity(expected)
      ids.reserveCapacity(expected)
      keys.reserveCapacity(expected)
      stored.reserveCapacity(expected)
      isRead.reserveCapacity(expected)
      merged.reserveCapacity(expected)
      isReceived.reserveCapacity(expected)
    }
    var given: [Int] = []
    given.reserveCapacity(journeys.underestimatedCount)
    var wanted: [(journey: String, number: Int)] = []
    for (journey, key) in journeys {
      let number = number(journey, key: key)
      given.append(number)
      if !isRead[number] {
        isRead[number] = true
        wanted.append((journey, number))
      }
    }
    guard !wanted.isEmpty else { return given }
    var isWanted = [Bool](repeating: false, count: ids.count)
    for (_, number) in wanted { isWanted[number] = true }
    let (numbers, otherNumbers) = (self.numbers, self.otherNumbers)
    try store.registers(
      of: wanted, reads: reads, number: { Self.number(ofID: $0, numbers, otherNumbers) }
    ) {
      number, registers in
      if isWanted[number] { stored[number] = registers }
    }
    return given
  }

  /// Merges into the journey's registers (read first, if they were not).
  mutating func merge(
    _ journey: String, received: Bool, _ body: (inout JourneyRegisters) throws -> Void
  ) throws {
    let number = number(journey, key: JourneyKey(lowercasedText: journey))
    if !isRead[number] { try read(CollectionOfOne(journey)) }
    try merge(number: number, received: received, body)
  }

  /// Merges into the registers of a journey that `read` numbered (and read).
  mutating func merge(
    number: Int, received: Bool, _ body: (inout JourneyRegisters) throws -> Void
  ) throws {
    // Taken out of the array while merged, so that its fields are not copied.
    var registers = merged[number].take() ?? stored[number] ?? .empty
    defer { merged[number] = registers }
    try body(&registers)
    if received { isReceived[number] = true }
  }

  /// Every journey the sync met, in the order of their ids (`inOrder`): sorted once, for the
  /// writes of the rows (`received(in:)`) and of the registers (`save(in:)`).
  func inIdOrder() -> [(number: Int, key: JourneyKey?)] {
    inOrder(Array(ids.indices))
  }

  /// The numbers and ids of the journeys that received writes reached (each id a lowercase
  /// UUID, which reading a file checks), in `order` (`inIdOrder()`).
  func received(in order: [(number: Int, key: JourneyKey?)]) -> [(number: Int, id: UUID)] {
    order.compactMap { number, key in isReceived[number] ? key.map { (number, $0.id) } : nil }
  }

  /// Writes the registers that a merge changed, in `order` (`inIdOrder()`).
  func save(in order: [(number: Int, key: JourneyKey?)]) throws {
    let changed = order.lazy.filter { number, _ in
      guard let registers = merged[number] else { return false }
      return registers != (stored[number] ?? .empty)
    }
    try store.save(changed.map { number, _ in (ids[number], merged[number]!) })
  }

  /// Journeys in the order of their ids, with their ids' bits (`nil`: another program's id,
  /// not a lowercase UUID; those come last). The text of lowercase UUIDs sorts as their 128
  /// bits do, which compare several times faster than the text.
  private func inOrder(_ numbers: [Int]) -> [(number: Int, key: JourneyKey?)] {
    var keyed: [(key: JourneyKey, number: Int)] = []
    keyed.reserveCapacity(numbers.count)
    var others: [(number: Int, key: JourneyKey?)] = []
    for number in numbers {
      if let key = keys[number] {
        keyed.append((key, number))
      } else {
        others.append((number, nil))
      }
    }
    keyed.sort { $0.key < $1.key }
    return keyed.map { ($0.number, $0.key) } + others
  }
}
