/// Version 8's registers: one column for each register's value, clock, replica and file. The
/// upgrade to version 9 renames their table `sync_register_v8` (a migration is SQL, which cannot
/// build the blobs); the first write that uses the registers converts its rows and empties it.
extension RegisterStore {
  private static let version8Columns =
    ["present", "present_hlc", "present_by", "present_seq"]
    + JourneyField.all.map(\.column).flatMap { [$0, "\($0)_hlc", "\($0)_by", "\($0)_seq"] }

  /// Converts the rows `sync_register_v8` holds, if any, and empties it. A journey both tables
  /// hold (another program wrote one) keeps the merge of both: merging is idempotent.
  func convertVersion8Registers() throws {
    guard try connection.firstValue("SELECT 1 FROM sync_register_v8 LIMIT 1") != nil else {
      return
    }
    var replicas: [Int64: String] = [:]
    try connection.forEachRow("SELECT n, replica FROM sync_seen") {
      replicas[$0.integer(at: 0)] = $0.text(at: 1)
    }
    var converted: [(journey: String, registers: JourneyRegisters)] = []
    try connection.forEachRow(
      "SELECT journey, \(Self.version8Columns.joined(separator: ", ")) FROM sync_register_v8 "
        + "ORDER BY journey"
    ) { row in
      func register(at column: Int32) -> Register {
        Register(
          value: row.value(at: column), hlc: row.integer(at: column + 1),
          by: row.integer(at: column + 2), seq: row.integer(at: column + 3))
      }
      converted.append(
        (
          row.text(at: 0),
          JourneyRegisters(
            present: register(at: 1),
            fields: JourneyField.all.indices.map { register(at: Int32(5 + 4 * $0)) })
        ))
    }
    for index in converted.indices {
      guard let held = try registers(of: converted[index].journey) else { continue }
      converted[index].registers = held.merged(with: converted[index].registers) { replicas[$0] }
    }
    try save(converted)
    try connection.run("DELETE FROM sync_register_v8")
  }
}
