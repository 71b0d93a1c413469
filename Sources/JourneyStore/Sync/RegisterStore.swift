/// Reads and writes `sync_register`, one row per journey, within the sync's transaction; the
/// journeys a sync touches are read once (one by one, or all with one scan: `BulkReads`) and
/// written once.
struct RegisterStore {
  let connection: Connection

  private static let fieldColumns = JourneyField.all.map(\.column)
  private static let columns =
    ["present", "present_hlc", "present_by", "present_seq"]
    + fieldColumns.flatMap { [$0, "\($0)_hlc", "\($0)_by", "\($0)_seq"] }
  private static let select =
    "SELECT \(columns.joined(separator: ", ")) FROM sync_register WHERE journey = ?"
  private static let upsert =
    "INSERT OR REPLACE INTO sync_register (journey, \(columns.joined(separator: ", "))) "
    + "VALUES (?\(String(repeating: ", ?", count: columns.count)))"

  /// The registers of a journey, or `nil` when no write of it was ever merged.
  func registers(of journey: String) throws -> JourneyRegisters? {
    var found: JourneyRegisters?
    try connection.forEachRow(Self.select, [.text(journey)]) { found = Self.registers($0, at: 0) }
    return found
  }

  /// Hands over the registers of each `wanted` journey that a write was ever merged into, with
  /// its number, read one by one or with one scan of the table (as `reads` says; a scan may hand
  /// over other journeys that `number` numbers too: it finds a row's number from the UTF-8
  /// bytes of its id, `nil` for a journey not wanted).
  func registers(
    of wanted: [(journey: String, number: Int)], reads: BulkReads,
    number: (UnsafeBufferPointer<UInt8>) -> Int?, _ found: (Int, JourneyRegisters) -> Void
  ) throws {
    let scans = try reads.scans(wanted.count) {
      try connection.firstValue("SELECT count(*) FROM sync_register")?.integer ?? 0
    }
    guard scans else {
      for (journey, number) in wanted {
        if let registers = try registers(of: journey) { found(number, registers) }
      }
      return
    }
    try connection.forEachRow(
      "SELECT journey, \(Self.columns.joined(separator: ", ")) FROM sync_register"
    ) { row in
      guard let number = row.withText(at: 0, number) else { return }
      found(number, Self.registers(row, at: 1))
    }
  }

  /// Every journey's registers, by journey id: what a snapshot holds.
  func all() throws -> [(journey: String, registers: JourneyRegisters)] {
    var all: [(journey: String, registers: JourneyRegisters)] = []
    try connection.forEachRow(
      "SELECT journey, \(Self.columns.joined(separator: ", ")) FROM sync_register ORDER BY journey"
    ) { row in
      all.append((row.text(at: 0), Self.registers(row, at: 1)))
    }
    return all
  }

  private static func registers(_ row: Statement, at first: Int32) -> JourneyRegisters {
    func register(at column: Int32) -> Register {
      Register(
        value: row.value(at: column), hlc: row.integer(at: column + 1),
        by: row.integer(at: column + 2), seq: row.integer(at: column + 3))
    }
    return JourneyRegisters(
      present: register(at: first),
      fields: JourneyField.all.indices.map { register(at: first + Int32(4 + 4 * $0)) })
  }

  func save(_ registers: JourneyRegisters, of journey: String) throws {
    try save(registers, of: journey, with: try connection.statement(Self.upsert))
  }

  /// Writes journeys' registers, in the order given (the table's, by id, is the fastest), with
  /// one prepared statement.
  func save(_ registers: some Sequence<(journey: String, registers: JourneyRegisters)>) throws {
    let upsert = try connection.statement(Self.upsert)
    for (journey, journeyRegisters) in registers {
      try save(journeyRegisters, of: journey, with: upsert)
    }
  }

  private func save(
    _ registers: JourneyRegisters, of journey: String, with upsert: Statement
  ) throws {
    try upsert.bind(.text(journey), at: 1)
    func bind(_ register: Register, at index: Int32) throws {
      try upsert.bind(register.value, at: index)
      try upsert.bind(.integer(register.hlc), at: index + 1)
      try upsert.bind(.integer(register.by), at: index + 2)
      try upsert.bind(.integer(register.seq), at: index + 3)
    }
    try bind(registers.present, at: 2)
    for (offset, register) in registers.fields.enumerated() {
      try bind(register, at: Int32(6 + 4 * offset))
    }
    try upsert.execute()
  }
}
