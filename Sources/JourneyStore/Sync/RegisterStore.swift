/// Reads and writes `sync_register`, one row per journey, within the sync's transaction; the
/// journeys a sync touches are read once and written once.
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
    var values: [DatabaseValue] = [.text(journey)]
    for register in [registers.present] + registers.fields {
      values += [
        register.value, .integer(register.hlc), .integer(register.by), .integer(register.seq),
      ]
    }
    try connection.run(Self.upsert, values)
  }
}
