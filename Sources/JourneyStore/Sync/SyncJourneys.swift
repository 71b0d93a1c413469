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

  /// The numbers of the journeys that received writes reached, in the order of their ids.
  func received() -> [Int] {
    ids.indices.filter { isReceived[$0] }.sorted { ids[$0] < ids[$1] }
  }

  /// Writes the registers that a merge changed, in the order of the journeys' ids.
  func save() throws {
    let changed = ids.indices.filter { number in
      guard let registers = merged[number] else { return false }
      return registers != (stored[number] ?? .empty)
    }
    try store.save(changed.sorted { ids[$0] < ids[$1] }.map { (ids[$0], merged[$0]!) })
  }

  /// The journeys' numbers by id.
  var byID: [String: Int] { numbers }
}
