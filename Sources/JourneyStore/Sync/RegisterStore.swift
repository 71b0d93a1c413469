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
    try connection.forEachRow(Self.select, [.text(journey)]) { row in
      func register(at column: Int32) -> Register {
        Register(
          value: row.value(at: column), hlc: row.integer(at: column + 1),
          by: row.integer(at: column + 2),
          seq: row.integer(at: column + 3))
      }
      found = JourneyRegisters(
        present: register(at: 0),
        fields: JourneyField.all.indices.map { register(at: Int32(4 + 4 * $0)) })
    }
    return found
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
