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

  /// A journey's values at one point: `nil` when it did not exist.
  private typealias State = JourneyValues?

  /// The batches after `sentBatch` made here, with their changes, oldest first.
  func batches(after sentBatch: Int64) throws -> [Batch] {
    let log = ChangeLog(connection: connection)
    let records = try log.localBatches(after: sentBatch)
    let rows = try records.map { try log.rows(of: $0) }
    var states: [UUID: State] = [:]
    func state(_ journey: UUID) throws -> State {
      if let known = states[journey] { return known }
      let values = try JourneyRow.values(of: journey, in: connection)
      states[journey] = .some(values)
      return values
    }
    var batches: [Batch] = []
    for (index, record) in records.enumerated().reversed() {
      let batchRows = rows[index]
      var after: [UUID: State] = [:]
      var order: [UUID] = []
      for row in batchRows where after[row.journeyID] == nil {
        after[row.journeyID] = .some(try state(row.journeyID))
        order.append(row.journeyID)
      }
      for row in batchRows.reversed() {
        switch row.kind {
        case .insert: states[row.journeyID] = .some(nil)
        case .delete: states[row.journeyID] = .some(row.before)
        case .update:
          let values = try state(row.journeyID) ?? row.before
          states[row.journeyID] = .some(values.replacing(row.fields, with: row.before))
        }
      }
      let batch = Batch(
        id: record.id, date: record.date, origin: record.origin, kind: record.kind.rawValue,
        changes: try order.compactMap { journey in
          Self.change(of: journey, before: try state(journey), after: after[journey]!)
        })
      batches.append(batch)
    }
    return batches.reversed()
  }

  /// A journey's change between two states, or `nil` when they are the same.
  private static func change(of journey: UUID, before: State, after: State) -> RowChange? {
    let id = DatabaseValue.text(journey.lowercasedText)
    switch (before, after) {
    case (nil, nil): return nil
    case (nil, let after?): return .inserting(journey: id, after)
    case (let before?, nil): return .deleting(journey: id, before)
    case (let before?, let after?):
      let changed = after.changedFields(from: before)
      guard !changed.isEmpty else { return nil }
      return .updating(journey: id, changed, old: { before[$0] }, new: { after[$0] })
    }
  }
}
