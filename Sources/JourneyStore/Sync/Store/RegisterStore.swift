/// Reads and writes `sync_register`, one row per journey, its registers in one blob
/// (`RegisterEncoding`), within the sync's transaction; the journeys a sync touches are read once
/// (one by one, or all with one scan: `BulkReads`) and written once.
struct RegisterStore {
  let connection: Connection

  private static let select = "SELECT registers FROM sync_register WHERE journey = ?"
  private static let upsert =
    "INSERT OR REPLACE INTO sync_register (journey, registers) VALUES (?, ?)"

  /// The store of a connection that reads registers, which a write (`forWriting(on:)`) has
  /// converted from version 8's layout if the file had any.
  init(connection: Connection) {
    self.connection = connection
  }

  /// The store of a write transaction: the registers a version-8 file held (`sync_register_v8`,
  /// which the upgrade to version 9 kept as they were) are converted first, in the same
  /// transaction, and that table emptied.
  static func forWriting(on connection: Connection) throws -> RegisterStore {
    let store = RegisterStore(connection: connection)
    try store.convertVersion8Registers()
    return store
  }

  /// The registers of a journey, or `nil` when no write of it was ever merged.
  /// - Throws: `SyncError.damagedRegisters` for registers that cannot be read.
  func registers(of journey: String) throws -> JourneyRegisters? {
    var found: JourneyRegisters?
    try connection.forEachRow(Self.select, [.text(journey)]) {
      found = try Self.registers($0, at: 0, of: journey)
    }
    return found
  }

  /// Hands over the registers of each `wanted` journey (by its number; `id` says its id) that a
  /// write was ever merged into, with its number, read one by one or with one scan of the
  /// table (as `reads` says; a scan may hand over other journeys that `number` numbers too: it
  /// finds a row's number from the UTF-8 bytes of its id, `nil` for a journey not wanted).
  func registers(
    of wanted: [Int], id: (Int) -> String, reads: BulkReads,
    number: (UnsafeBufferPointer<UInt8>) -> Int?, _ found: (Int, JourneyRegisters) -> Void
  ) throws {
    let scans = try reads.scans(wanted.count) {
      try connection.firstValue("SELECT count(*) FROM sync_register")?.integer ?? 0
    }
    guard scans else {
      for number in wanted {
        if let registers = try registers(of: id(number)) { found(number, registers) }
      }
      return
    }
    try connection.forEachRow("SELECT journey, registers FROM sync_register") { row in
      guard let number = row.withText(at: 0, number) else { return }
      found(number, try Self.registers(row, at: 1, of: row.text(at: 0)))
    }
  }

  /// Every journey's registers, by journey id: what a snapshot holds.
  func all() throws -> [(journey: String, registers: JourneyRegisters)] {
    var all: [(journey: String, registers: JourneyRegisters)] = []
    try connection.forEachRow("SELECT journey, registers FROM sync_register ORDER BY journey") {
      row in
      let journey = row.text(at: 0)
      all.append((journey, try Self.registers(row, at: 1, of: journey)))
    }
    return all
  }

  /// What is wrong with the registers the table holds (`db check`): each journey whose blob
  /// cannot be read, or whose version-8 row waiting for its conversion is damaged
  /// (`forEachDamagedVersion8Row`), and why (ten at most, then how many more).
  func problems() throws -> [String] {
    var problems: [String] = []
    var more = 0
    func note(_ error: SyncError) {
      if problems.count < 10 { problems.append(error.description) } else { more += 1 }
    }
    try connection.forEachRow("SELECT journey, registers FROM sync_register") { row in
      do {
        _ = try Self.registers(row, at: 1, of: row.text(at: 0))
      } catch let error as SyncError {
        note(error)
      }
    }
    try forEachDamagedVersion8Row(note)
    if more > 0 { problems.append("and the sync registers of \(more) more journeys") }
    return problems
  }

  /// The registers in column `column` of a row, `journey`'s (`journey` is made only for an
  /// error).
  private static func registers(
    _ row: Statement, at column: Int32, of journey: @autoclosure () -> String
  ) throws(SyncError) -> JourneyRegisters {
    do {
      return try row.withBlob(at: column) { bytes throws(RegisterEncoding.Damage) in
        try RegisterEncoding.decoded(bytes)
      }
    } catch {
      throw SyncError.damagedRegisters(journey: journey(), reason: error.reason)
    }
  }

  /// Writes journeys' registers, in the order given (the table's, by id, is the fastest),
  /// `rowsAStatement` journeys to a statement (`MultiRowInsert`), the rest one by one. (An
  /// `UPDATE` of the rows the table holds, beside an `INSERT` of the others, cost a received
  /// journey more.)
  func save(_ registers: some Sequence<(journey: String, registers: JourneyRegisters)>) throws {
    // The journeys held, and their blobs one after the other in one buffer, bound where they
    // lie: no array a journey.
    var held = MultiRowInsert<(journey: String, blob: Range<Int>)>(
      connection: connection, rowsAStatement: Self.rowsAStatement, manyRowsSQL: Self.upsertMany
    ) { _ in Self.upsert }
    var blobs: [UInt8] = []
    for (journey, journeyRegisters) in registers {
      let start = blobs.count
      RegisterEncoding.withEncoded(journeyRegisters) { blobs.append(contentsOf: $0) }
      guard held.append((journey, start..<blobs.count)) else { continue }
      try write(&held, blobs)
      blobs.removeAll(keepingCapacity: true)
    }
    try write(&held, blobs)
  }

  /// How many journeys' registers one statement writes: the best of the counts measured (a
  /// larger one saved little more, with a statement twice as long to prepare: BENCHMARKS.md,
  /// P12).
  static let rowsAStatement = 32

  private static let upsertMany =
    "INSERT OR REPLACE INTO sync_register (journey, registers) VALUES "
    + Array(repeating: "(?, ?)", count: rowsAStatement).joined(separator: ", ")

  /// Writes the registers of the journeys `held` holds, whose blobs lie in `blobs`.
  private func write(
    _ held: inout MultiRowInsert<(journey: String, blob: Range<Int>)>, _ blobs: [UInt8]
  ) throws {
    try blobs.withUnsafeBufferPointer { bytes in
      try held.write { statement, row, offset in
        let parameter = Int32(2 * (offset ?? 0) + 1)
        try statement.bind(.text(row.journey), at: parameter)
        try statement.bind(
          blobInPlace: UnsafeBufferPointer(rebasing: bytes[row.blob]), at: parameter + 1)
      }
    }
  }
}
