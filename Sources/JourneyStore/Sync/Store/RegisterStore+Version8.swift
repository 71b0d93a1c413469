/// Version 8's registers: one column for each register's value, clock, replica and file. The
/// upgrade to version 9 renames their table `sync_register_v8` (a migration is SQL, which cannot
/// build the blobs); the first write that uses the registers converts its rows and drops it (a
/// file whose table was empty lost it at the upgrade: `Schema.leftovers`).
extension RegisterStore {
  private static let version8Columns =
    ["present", "present_hlc", "present_by", "present_seq"]
    + JourneyField.all.map(\.column).flatMap { [$0, "\($0)_hlc", "\($0)_by", "\($0)_seq"] }

  /// Converts the rows `sync_register_v8` holds, if it is there, and drops it. A journey both
  /// tables hold (another program wrote one) keeps the merge of both: merging is idempotent.
  func convertVersion8Registers() throws {
    guard try hasVersion8Table else { return }
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
    try connection.run("DROP TABLE sync_register_v8")
  }

  /// Whether the file still has version 8's registers to convert.
  private var hasVersion8Table: Bool {
    get throws {
      try connection.firstValue("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sync_register_v8'") != nil
    }
  }

  /// Hands over each row of `sync_register_v8` that its conversion would turn into registers
  /// version 8 never wrote (`db check`, before the first sync converts them), as
  /// `SyncError.damagedRegisters`: an existence that is not 0 or 1, a clock or a file below 0,
  /// a write by a replica `sync_seen` does not number, a register with no clock that names a
  /// write.
  func forEachDamagedVersion8Row(_ body: (SyncError) -> Void) throws {
    guard try hasVersion8Table else { return }
    var replicas: Set<Int64> = []
    try connection.forEachRow("SELECT n FROM sync_seen") { replicas.insert($0.integer(at: 0)) }
    try connection.forEachRow(
      "SELECT journey, \(Self.version8Columns.joined(separator: ", ")) FROM sync_register_v8 "
        + "ORDER BY journey"
    ) { row in
      if let reason = Self.version8Damage(row, replicas: replicas) {
        body(.damagedRegisters(journey: row.text(at: 0), reason: "version 8's " + reason))
      }
    }
  }

  /// What is wrong with a row of `sync_register_v8` as `forEachDamagedVersion8Row` reads it,
  /// or `nil`.
  private static func version8Damage(_ row: Statement, replicas: Set<Int64>) -> String? {
    let present = row.value(at: 1)
    guard present == .integer(0) || present == .integer(1) else {
      return "existence register holds \(present.described), not 0 or 1"
    }
    for index in 0...JourneyField.all.count {
      let name = index == 0 ? "existence" : JourneyField.all[index - 1].name
      let column = Int32(2 + 4 * index)
      let hlc = row.value(at: column), by = row.value(at: column + 1)
      let seq = row.value(at: column + 2)
      guard case .integer(let clock) = hlc, clock >= 0, case .integer(let file) = seq, file >= 0,
        case .integer(let replica) = by
      else {
        let write = [hlc, by, seq].map(\.described).joined(separator: ", ")
        return "\(name) register's write (\(write)) is not a clock, a replica and a file"
      }
      if clock == 0, replica != 0 || file != 0 {
        return "\(name) register has no clock but names replica \(replica), file \(file)"
      }
      if clock != 0, !replicas.contains(replica) {
        return "\(name) register names replica \(replica), which sync_seen does not number"
      }
    }
    return nil
  }
}
