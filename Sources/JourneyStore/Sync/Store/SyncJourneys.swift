#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journeys one sync touches, numbered in the order it meets them (those the received files
/// name first in the order of their ids: `read(keys:)`), with their registers in one array by
/// number: as the table held them until a merge changes them, then as merged so far
/// (`Marks` say which a merge changed, and only those are saved; kept apart from the registers,
/// so that asking a journey's marks copies none of its values). Each journey's id is looked up
/// once in a sync, when it is read (`read` hands back the numbers, and the merges go by number),
/// not at every step (at 100,000 journeys, hashing and comparing ids took more time than the
/// merge: BENCHMARKS.md, P12). Ids that are lowercase UUIDs (every id a change file names) are
/// kept as their 128 bits only (`JourneyKey`), so that a table scan finds a row's journey from
/// the bytes of its id without making a `String`; another program's ids by their text.
struct SyncJourneys {
  let store: RegisterStore
  let reads: BulkReads
  /// The ids' bits by number (`nil`: an id that is not a lowercase UUID): what `numbers`
  /// searches.
  private var keys: [JourneyKey?] = []
  /// The journeys' registers by number: as the table holds them (`.empty`: no row) once read,
  /// and as merged so far once a merge reached them.
  private var registers: [JourneyRegisters] = []
  /// What the sync did with each journey, by number.
  private var marks: [Marks] = []
  private var numbers = JourneyKeyIndex()
  /// The ids that are not lowercase UUIDs (another program's), by number, and the other way.
  private var otherIDs: [Int: String] = [:]
  private var otherNumbers: [String: Int] = [:]

  /// What a sync did with one journey it met.
  private struct Marks: OptionSet {
    let rawValue: UInt8
    /// Its registers were read from the table.
    static let read = Marks(rawValue: 1)
    /// A merge changed its registers: those are saved.
    static let changed = Marks(rawValue: 2)
    /// A received write reached it.
    static let received = Marks(rawValue: 4)
  }

  init(store: RegisterStore, reads: BulkReads) {
    self.store = store
    self.reads = reads
  }

  /// How many journeys the sync has met.
  var count: Int { keys.count }

  /// The id of the journey numbered `number`.
  func id(of number: Int) -> String {
    Self.id(of: number, keys, otherIDs)
  }

  private static func id(of number: Int, _ keys: [JourneyKey?], _ otherIDs: [Int: String])
    -> String
  {
    keys[number].map(\.lowercasedText) ?? otherIDs[number]!
  }

  /// The registers of the journey numbered `number`: as the table holds them once read, and as
  /// merged so far once a merge reached them.
  func registers(of number: Int) -> JourneyRegisters {
    registers[number]
  }

  /// Whether the registers of the journey numbered `number` say it is present.
  func isPresent(_ number: Int) -> Bool {
    registers[number].isPresent
  }

  /// The values the registers of the journey numbered `number` hold, read where they lie (a
  /// copy of the registers would retain each of their values).
  func values(of number: Int) -> JourneyValues {
    registers[number].values
  }

  /// Whether a received write reached the journey numbered `number`.
  func isReceived(_ number: Int) -> Bool {
    marks[number].contains(.received)
  }

  /// The number of the journey whose id's bits are `key`, given at its first mention.
  private mutating func number(_ key: JourneyKey) -> Int {
    if let number = numbers.number(of: key, keys: keys) { return number }
    let next = keys.count
    numbers.note(key, number: next)
    append(key, nil)
    return next
  }

  /// The number of the journey `journey`, given at its first mention.
  private mutating func number(_ journey: String) -> Int {
    if let key = JourneyKey(lowercasedText: journey) { return number(key) }
    let next = keys.count
    // One hash: the subscript with a default inserts `next` when the id is new.
    let number = Self.value(&otherNumbers[journey, default: next])
    if number == next { append(nil, journey) }
    return number
  }

  private static func value(_ number: inout Int) -> Int { number }

  private mutating func append(_ key: JourneyKey?, _ otherID: String?) {
    if let otherID { otherIDs[keys.count] = otherID }
    keys.append(key)
    registers.append(.empty)
    marks.append([])
  }

  private mutating func reserve(_ more: Int) {
    let expected = count + more
    guard expected > keys.capacity else { return }
    keys.reserveCapacity(expected)
    registers.reserveCapacity(expected)
    marks.reserveCapacity(expected)
  }

  /// The number of the journey with the id `bytes`, whose key (`nil`: not a lowercase UUID) is
  /// `key`.
  fileprivate static func number(
    of key: JourneyKey?, id bytes: UnsafeBufferPointer<UInt8>, _ numbers: JourneyKeyIndex,
    _ keys: [JourneyKey?], _ otherNumbers: [String: Int]
  ) -> Int? {
    if let key { return numbers.number(of: key, keys: keys) }
    guard !otherNumbers.isEmpty else { return nil }
    return otherNumbers[String(decoding: bytes, as: UTF8.self)]
  }

  /// Reads the registers of the journeys not read yet, all at once (`BulkReads`).
  /// - Returns: The journeys' numbers, in the order given (each merge of them goes by number).
  @discardableResult
  mutating func read(_ journeys: some Collection<String>) throws -> [Int] {
    reserve(journeys.count)
    numbers.reserveCapacity(count + journeys.count)
    let given = journeys.map { number($0) }
    try readUnread(given)
    return given
  }

  /// Reads the registers of the journeys not read yet, given by their ids' bits, as a received
  /// file's are once it is read: no id is parsed again, none made a `String`.
  /// - Returns: The journeys' numbers, in the order given.
  mutating func read(keys received: [JourneyKey]) throws -> [Int] {
    reserve(received.count)
    // The journeys met here first are numbered in the order of their ids, which is the order
    // of the register table, of the writes and of the save: each of those then walks the
    // arrays in the order they lie, not at random (copying registers from all over memory was
    // a large part of the receive's time: BENCHMARKS.md, P12).
    var given = [Int](repeating: 0, count: received.count)
    var sorted = received.indices.map { (key: received[$0], at: $0) }
    sorted.sort { $0.key < $1.key }
    // Those are a run of numbers whose keys ascend (`JourneyKeyIndex`): none is hashed.
    let first = count
    var previous: (key: JourneyKey, number: Int)?
    for (key, at) in sorted {
      if let previous, previous.key == key {
        given[at] = previous.number
        continue
      }
      let number: Int
      if first > 0, let met = numbers.number(of: key, keys: keys) {
        number = met
      } else {
        number = count
        append(key, nil)
      }
      given[at] = number
      previous = (key, number)
    }
    numbers.noteRun(first..<count)
    try readUnread(given)
    return given
  }

  /// Reads the registers of the journeys `given` that were not read yet.
  private mutating func readUnread(_ given: [Int]) throws {
    var wanted: [Int] = []
    for number in given where !marks[number].contains(.read) {
      marks[number].insert(.read)
      wanted.append(number)
    }
    guard !wanted.isEmpty else { return }
    var isWanted = [Bool](repeating: false, count: count)
    for number in wanted { isWanted[number] = true }
    let (keys, otherIDs) = (self.keys, self.otherIDs)
    var lookup = lookupInIDOrder()
    try store.registers(
      of: wanted, id: { Self.id(of: $0, keys, otherIDs) }, reads: reads,
      number: { lookup.number(ofID: $0) }
    ) { number, found in
      if isWanted[number] { registers[number] = found }
    }
  }

  /// A lookup of journeys' numbers by the UTF-8 bytes of their ids for a scan in the order of
  /// the ids (`IDOrderLookup`).
  func lookupInIDOrder() -> IDOrderLookup {
    IDOrderLookup(keys: keys, numbers: numbers, otherNumbers: otherNumbers)
  }

  /// Finds journeys' numbers for a scan that meets them in the order of their ids, as
  /// `read(keys:)` numbers the journeys a received file names first: a row is most often the
  /// journey after the last one found, which is checked first, without a hash (a hash lookup a
  /// row was a cache miss a row: BENCHMARKS.md, P12).
  struct IDOrderLookup {
    fileprivate let keys: [JourneyKey?]
    fileprivate let numbers: JourneyKeyIndex
    fileprivate let otherNumbers: [String: Int]
    private var next = 0

    fileprivate init(
      keys: [JourneyKey?], numbers: JourneyKeyIndex, otherNumbers: [String: Int]
    ) {
      (self.keys, self.numbers, self.otherNumbers) = (keys, numbers, otherNumbers)
    }

    /// The number of the journey whose id's UTF-8 bytes a row holds, `nil` for a journey the
    /// sync has not met.
    mutating func number(ofID bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      let key = JourneyKey(lowercasedText: bytes)
      if let key, next < keys.count, keys[next] == key {
        next += 1
        return next - 1
      }
      let found = SyncJourneys.number(of: key, id: bytes, numbers, keys, otherNumbers)
      if let found { next = found + 1 }
      return found
    }
  }

  /// Merges into the journey's registers (read first, if they were not); `body` says whether it
  /// changed them.
  mutating func merge(
    _ journey: String, received: Bool, _ body: (inout JourneyRegisters) throws -> Bool
  ) throws {
    let number = number(journey)
    if !marks[number].contains(.read) { try readUnread([number]) }
    try merge(number: number, received: received, body)
  }

  /// Merges into the registers of a journey that `read` numbered (and read), in place; `body`
  /// says whether it changed them.
  mutating func merge(
    number: Int, received: Bool, _ body: (inout JourneyRegisters) throws -> Bool
  ) throws {
    if try body(&registers[number]) { marks[number].insert(.changed) }
    if received { marks[number].insert(.received) }
  }

  /// Every journey the sync met, in the order of their ids (`inOrder`): sorted once, for the
  /// writes of the rows (`received(in:)`) and of the registers (`save(in:)`).
  func inIdOrder() -> [(number: Int, key: JourneyKey?)] {
    inOrder(Array(0..<count))
  }

  /// The numbers and ids of the journeys that received writes reached (each id a lowercase
  /// UUID, which reading a file checks), in `order` (`inIdOrder()`).
  func received(in order: [(number: Int, key: JourneyKey?)]) -> [(number: Int, id: UUID)] {
    order.compactMap { number, key in
      marks[number].contains(.received) ? key.map { (number, $0.id) } : nil
    }
  }

  /// Writes the registers that a merge changed, in `order` (`inIdOrder()`), and hands them over
  /// to the store rather than copying them (a copy retains each of their values): they read as
  /// empty after it, so it is the sync's last use of them.
  mutating func save(in order: [(number: Int, key: JourneyKey?)]) throws {
    let (marks, keys, otherIDs) = (marks, keys, otherIDs)
    try registers.withUnsafeMutableBufferPointer { buffer in
      let registers = buffer
      try store.save(
        order.lazy.filter { marks[$0.number].contains(.changed) }.map { number, key in
          let place = registers.baseAddress! + number
          let saved = place.move()
          place.initialize(to: .empty)
          let journey = key.map(\.lowercasedText) ?? Self.id(of: number, keys, otherIDs)
          return (journey: journey, registers: saved)
        })
    }
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
