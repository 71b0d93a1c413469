extension ChangeFile {
  /// A file of this replica made again from its merge state, for a file of its own that is lost
  /// or damaged on the remote and whose bytes it no longer holds (SYNC.md, "Lost and damaged
  /// files"): every register that file `seq` wrote and that still holds its write, as the
  /// changes that set them, one batch for each clock, oldest first.
  ///
  /// A write of the file that a later one replaced here is left out: the later write reaches
  /// the other replicas on its own (a later file of this replica, or another replica's), and the
  /// registers are a maximum, so every replica ends with the same ones. Its vector names this
  /// replica's earlier files alone: a smaller vector than the one the file had is always safe to
  /// apply (it waits for nothing), at worst calling concurrent a write the file's replica had
  /// seen (a conflict recorded where none was).
  /// - Parameters:
  ///   - replica: This replica's id; `number`: its number in the registers (`sync_seen.n`).
  ///   - registers: Every journey's registers (`RegisterStore.all()`).
  static func rebuilt(
    replica: String, number: Int64, seq: Int64,
    from registers: [(journey: String, registers: JourneyRegisters)]
  ) -> ChangeFile {
    var changes: [Int64: [RowChange]] = [:]
    func wrote(_ register: Register) -> Bool {
      register.by == number && register.seq == seq && register.hlc != 0
    }
    for (journey, registers) in registers {
      let id = DatabaseValue.text(journey)
      let values = registers.values
      // A changeset holds one change of a row per batch: an insert or a delete sets the fields
      // of its clock (an insert all of them; a delete, on a replica, those no write reached).
      var rowAt: [Int64: RowChange] = [:]
      if wrote(registers.present) {
        rowAt[registers.present.hlc] =
          registers.isPresent
          ? .inserting(journey: id, values) : .deleting(journey: id, values)
      }
      var updated: [Int64: JourneyFieldSet] = [:]
      for field in JourneyField.all where wrote(registers[field]) {
        let hlc = registers[field].hlc
        if rowAt[hlc] == nil { updated[hlc, default: JourneyFieldSet()].insert(field) }
      }
      for (hlc, fields) in updated {
        // The old values are not known here, and a receiver reads none; NULL, which no field
        // holds, so that the changeset does not drop the update as one that changes nothing.
        rowAt[hlc] = .updating(journey: id, fields, old: { _ in .null }, new: { values[$0] })
      }
      for (hlc, change) in rowAt { changes[hlc, default: []].append(change) }
    }
    let clocks = changes.keys.sorted()
    return ChangeFile(
      header: Header(
        format: format, replica: replica, seq: seq, vector: [replica: seq - 1],
        batches: clocks.map {
          BatchHeader(hlc: $0, kind: "command", origin: "sent again, from the merge state")
        }),
      bodies: clocks.map { changes[$0]! })
  }
}
