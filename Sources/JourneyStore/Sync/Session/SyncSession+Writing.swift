#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writing what was received (SYNC.md, "Receiving and merging"): the journeys the received
/// changes reached, written as their merged registers say, through the sync's batch.
extension SyncSession {
  /// Writes the journeys the received changes reached as their registers say, through the
  /// sync's batch (which the log records with the replicas it came from).
  ///
  /// A journey the table refuses as the registers say (fields merged from two writers whose
  /// start and duration together end after the year 9999) is written field by field
  /// (`writeFieldByField`): each field it refuses keeps its value here and is a conflict, whose
  /// lost value is the refused one.
  /// - Returns: Those conflicts.
  func write(
    _ journeys: SyncJourneys, in idOrder: [(number: Int, key: JourneyKey?)],
    through batch: Batch, state: ReplicaState, summary: inout SyncSummary
  ) throws -> [MergeConflict] {
    let order = journeys.received(in: idOrder)
    guard !order.isEmpty else { return [] }
    let origin = "sync from " + summary.receivedFrom.joined(separator: ", ")
    batch.describeReceived(origin: origin, replicas: summary.receivedFrom.joined(separator: " "))
    // The journeys' rows as they are, read at once when they are many (`BulkReads`), with
    // their rowids, by which they are then written.
    let scanned: [(rowid: Int64, values: JourneyValues)?]? =
      try journeys.reads.scans(order.count) {
        Int64(try JourneyTable(connection: connection).count())
      }
      ? try { () throws -> [(rowid: Int64, values: JourneyValues)?] in
        var lookup = journeys.lookupInIDOrder()
        return try JourneyRow.rows(ofEach: journeys.count, in: connection) {
          lookup.number(ofID: $0)
        }
      }()
      : nil
    // Many new journeys (a join) go in as an import's do: the secondary indexes built after.
    var deferral = try IndexDeferral(connection: connection)
    if let scanned {
      try deferral.noteInserted(
        order.count { number, _ in
          scanned[number] == nil && journeys.isPresent(number)
        })
    }
    var refused: [MergeConflict] = []
    for (number, id) in order {
      let row = scanned?[number]
      let current = try scanned == nil ? JourneyRow.values(of: id, in: connection) : row?.values
      let values = journeys.values(of: number)
      do {
        switch (current, journeys.isPresent(number)) {
        case (nil, true):
          try batch.insert(id: id, values: values)
        case (.some, false):
          try batch.delete(id: id)
        case (let current?, true):
          // Compared there, once: a journey whose row holds the values already writes nothing.
          guard try !batch.update(id: id, rowid: row?.rowid, from: current, to: values).isEmpty
          else { continue }
        default:
          continue
        }
      } catch {
        // Not `catch let error where …`: that form crashes the Swift 6.3.1 optimizer (Batch).
        guard let refusal = error as? SQLiteError, refusal.kind == .constraint else { throw error }
        let (written, conflicts) = try writeFieldByField(
          id: id, rowid: row?.rowid, current: current, target: journeys.registers(of: number),
          through: batch,
          state: state)
        refused += conflicts
        guard written else { continue }
      }
      summary.journeysChanged += 1
    }
    try batch.writeHeldLogRows()
    try deferral.rebuild()
    return refused
  }

  /// Writes what the table accepts of a journey it refused as the registers say: of a journey
  /// it holds, each field whose value leaves the row one the table accepts (in the order of
  /// `JourneyField.all`), so that a field refused once (a start and a duration from two
  /// writers that end after the year 9999, a value an older roadtrip merged) does not hold back
  /// the later edits of the others. Each field refused is a conflict whose lost value is the
  /// refused one, recorded once (`isRecorded`); a new journey is written only whole, and a
  /// field of it that no received value reached (a value held back:
  /// `JourneyField.accepts(received:)`) is no conflict.
  /// - Returns: Whether the row changed, and the conflicts.
  private func writeFieldByField(
    id: UUID, rowid: Int64?, current: JourneyValues?, target: JourneyRegisters,
    through batch: Batch, state: ReplicaState
  ) throws -> (written: Bool, conflicts: [MergeConflict]) {
    let records = ConflictRecords(connection: connection)
    func conflict(_ field: JourneyField, _ register: Register) -> MergeConflict {
      MergeConflict(
        journey: id.lowercasedText, field: field, kept: current?[field], keptHLC: 0,
        keptReplica: state.id, lost: register.value, lostHLC: register.hlc,
        lostReplica: state.replicas[register.by] ?? "")
    }
    let differing = zip(JourneyField.all, target.fields).filter { field, register in
      current?[field] != register.value
    }
    guard let current else {
      // A new journey with a field no received value reached (it was held back, and the sync
      // said so) waits for one.
      if target.fields.contains(where: { $0.hlc == 0 }) { return (false, []) }
      return (false, try differing.map(conflict).filter { try !records.isRecorded($0) })
    }
    var values = current
    var conflicts: [MergeConflict] = []
    for (field, register) in differing {
      var candidate = values
      candidate[field] = register.value
      // The field itself, and the end its start and duration make.
      if JourneyRow.unreadableField(in: candidate, among: [field, .duration]) == nil {
        values = candidate
      } else {
        let refused = conflict(field, register)
        if try !records.isRecorded(refused) { conflicts.append(refused) }
      }
    }
    do {
      return (!(try batch.update(id: id, rowid: rowid, from: current, to: values).isEmpty), conflicts)
    } catch {
      guard let refusal = error as? SQLiteError, refusal.kind == .constraint else { throw error }
      return (false, try differing.map(conflict).filter { try !records.isRecorded($0) })
    }
  }
}
