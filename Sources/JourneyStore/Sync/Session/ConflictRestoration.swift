/// A conflict's lost value put back (`sync conflicts --restore`): found and checked before
/// anything is written, then written as a new local change through the caller's batch (the next
/// sync sends it), and the conflict marked restored by that batch.
struct ConflictRestoration {
  let connection: Connection
  let records: SyncRecords
  /// The conflict, as recorded before the restore.
  let conflict: SyncConflict
  /// The value it lost, which the restore writes.
  let lost: DatabaseValue

  /// - Throws: `SyncConflictError.noSuchConflict`, `.alreadyRestored`.
  init(_ id: Int64, on connection: Connection) throws {
    let records = SyncRecords(connection: connection)
    guard let conflict = try records.conflict(id), let lost = try records.lostValue(of: id) else {
      throw SyncConflictError.noSuchConflict(id)
    }
    if let batch = conflict.restoredBy { throw SyncConflictError.alreadyRestored(id, batch: batch) }
    (self.connection, self.records, self.conflict, self.lost) = (connection, records, conflict, lost)
  }

  /// Writes the lost value through `batch`: the field gets it, and a journey a delete took away
  /// comes back with it, its other fields as the registers hold them.
  /// - Throws: `SyncConflictError.noSuchConflict` for a journey the registers cannot bring back.
  func write(through batch: Batch) throws {
    if let current = try JourneyRow.values(of: conflict.journeyID, in: connection) {
      var restored = current
      restored[conflict.field] = lost
      try batch.update(id: conflict.journeyID, from: current, to: restored)
    } else {
      let registers = try RegisterStore.forWriting(on: connection).registers(
        of: conflict.journeyID.lowercasedText)
      guard var restored = registers?.values, !restored.stored.contains(.null) else {
        throw SyncConflictError.noSuchConflict(conflict.id)
      }
      restored[conflict.field] = lost
      try batch.insert(id: conflict.journeyID, values: restored)
    }
    try records.markRestored(conflict.id, by: try batch.open())
  }

  /// The conflict as recorded now (restored, once `write(through:)` committed).
  func recorded() throws -> SyncConflict {
    try records.conflict(conflict.id) ?? conflict
  }
}
