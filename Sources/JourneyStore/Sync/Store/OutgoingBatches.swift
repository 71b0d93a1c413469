#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The local batches a sync sends: every batch after the last one sent that this replica made
/// (a command, an undo or redo, another program's statement), never one a sync received. Each
/// becomes the row changes it made, as a changeset records them: per journey, an insert with its
/// values as of that batch, an update of the fields it changed, or a delete with its last values.
///
/// The log holds no values for an insert (the journey row had them); they are recovered by
/// walking the batches back from the journey table as it is now: an update's old values and a
/// delete's values set back what came after.
struct OutgoingBatches {
  let connection: Connection

  struct Batch {
    let id: Int64
    let date: Date
    let origin: String
    let kind: String
    var changes: [RowChange]
  }

  /// One row of the log as its batch applies it.
  private struct Row {
    let journey: String
    let kind: String
    /// The old and new value of each field, `.null` when the row holds none.
    let old: [DatabaseValue]
    let new: [DatabaseValue]
  }

  /// A journey's values at one point: `nil` when it did not exist.
  private typealias State = [DatabaseValue]?

  /// The batches after `sentBatch` made here, with their changes, oldest first.
  func batches(after sentBatch: Int64) throws -> [Batch] {
    var records: [(Batch, source: Int64, inverted: Bool)] = []
    try connection.forEachRow(
      "SELECT id, at, origin, kind, coalesce(source, id), inverted FROM batch "
        + "WHERE id > ? AND replica IS NULL ORDER BY id", [.integer(sentBatch)]
    ) { row in
      let batch = Batch(
        id: row.integer(at: 0), date: Date(timeIntervalSinceReferenceDate: row.double(at: 1)),
        origin: row.text(at: 2), kind: row.text(at: 3), changes: [])
      records.append((batch, row.integer(at: 4), row.integer(at: 5) != 0))
    }
    let rows = try records.map { try self.rows(of: $0.source, inverted: $0.inverted) }
    var states: [String: State] = [:]
    func state(_ journey: String) throws -> State {
      if let known = states[journey] { return known }
      let values = try UUID(text: journey.utf8).flatMap {
        try JourneyRow.values(of: $0, in: connection)?.stored
      }
      states[journey] = .some(values)
      return values
    }
    var batches: [Batch] = []
    for (index, record) in records.enumerated().reversed() {
      let batchRows = rows[index]
      var after: [String: State] = [:]
      var order: [String] = []
      for row in batchRows where after[row.journey] == nil {
        after[row.journey] = .some(try state(row.journey))
        order.append(row.journey)
      }
      for row in batchRows.reversed() {
        switch row.kind {
        case "insert": states[row.journey] = .some(nil)
        case "delete": states[row.journey] = .some(row.old)
        default:
          var values = try state(row.journey) ?? row.old
          for field in values.indices where row.old[field] != .null || row.new[field] != .null {
            values[field] = row.old[field]
          }
          states[row.journey] = .some(values)
        }
      }
      var batch = record.0
      batch.changes = try order.compactMap { journey in
        Self.change(of: journey, before: try state(journey), after: after[journey]!)
      }
      batches.append(batch)
    }
    return batches.reversed()
  }

  /// A journey's change between two states, or `nil` when they are the same.
  private static func change(of journey: String, before: State, after: State) -> RowChange? {
    let id = DatabaseValue.text(journey)
    switch (before, after) {
    case (nil, nil): return nil
    case (nil, let after?): return .insert([id] + after)
    case (let before?, nil): return .delete([id] + before)
    case (let before?, let after?):
      guard before != after else { return nil }
      let changed = before.indices.map { before[$0] != after[$0] }
      return .update(
        old: [id] + before.indices.map { changed[$0] ? before[$0] : nil },
        new: [nil] + after.indices.map { changed[$0] ? after[$0] : nil })
    }
  }

  /// The log's rows of batch `source`, as a batch applies them (the other way round when
  /// `inverted`: an insert is a delete, the old and new values trade places).
  private func rows(of source: Int64, inverted: Bool) throws -> [Row] {
    var rows: [Row] = []
    let count = JourneyField.all.count
    try connection.forEachRow(
      "SELECT \(ChangeLog.rowColumns) FROM \(ChangeLog.rows) WHERE batch = ? ORDER BY id\(inverted ? " DESC" : "")",
      [.integer(source)]
    ) { row in
      var kind = row.text(at: 2)
      var old = (0..<count).map { row.value(at: Int32(3 + 2 * $0)) }
      var new = (0..<count).map { row.value(at: Int32(4 + 2 * $0)) }
      if inverted {
        kind = kind == "insert" ? "delete" : kind == "delete" ? "insert" : kind
        swap(&old, &new)
      }
      rows.append(Row(journey: row.text(at: 1), kind: kind, old: old, new: new))
    }
    return rows
  }
}
