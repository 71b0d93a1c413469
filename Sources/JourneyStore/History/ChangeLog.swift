#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The change log of a database file, read: its batches and the changes each made, where it ends
/// and where `history prune` cut it.
///
/// `Batch` writes roadtrip's rows, the journey table's triggers everyone else's (see `Schema`). A
/// batch's changes are its own rows, or, for an undo or redo that set back exactly what it
/// reverted, the rows of its `source` batch, the other way round when it is inverted: undo and
/// redo cost no copies.
struct ChangeLog {
  let connection: Connection
}

extension ChangeLog {
  /// A batch as the log records it.
  struct BatchRecord {
    let id: Int64
    let date: Date
    let origin: String
    let kind: JourneyChange.BatchKind
    /// The batch an undo or redo reverts.
    let reverts: Int64?
    /// The batch whose rows describe this one's changes: itself, unless it is derived.
    let source: Int64
    /// Whether the rows of `source` apply the other way round.
    let isInverted: Bool
  }

  /// The columns of a batch row, for a `SELECT` read by `BatchRecord(row:)`.
  static let batchColumns = "id, at, origin, kind, reverts, coalesce(source, id), inverted"

  /// Hands each change a query selects to `body`, in its order, one batch at a time.
  func forEachChange(_ query: ChangeQuery, _ body: (JourneyChange) throws -> Void) throws {
    var conditions = ["id >= ?1"]
    var values: [DatabaseValue] = [.integer(try horizon()?.batch ?? 0)]
    if let batch = query.batch {
      values.append(.integer(batch))
      conditions.append("id = ?\(values.count)")
    }
    if let after = query.after {
      values.append(.integer(after.batch))
      conditions.append("id >= ?\(values.count)")
    }
    if let journeyID = query.journeyID {
      values.append(.text(journeyID.lowercasedText))
      conditions.append(Self.touches(journeyAt: values.count))
    }
    if let since = query.since {
      values.append(.real(since.timeIntervalSinceReferenceDate))
      conditions.append("at >= ?\(values.count)")
    }
    if let until = query.until {
      values.append(.real(until.timeIntervalSinceReferenceDate))
      conditions.append("at < ?\(values.count)")
    }
    var batches = """
      SELECT \(Self.batchColumns) FROM batch WHERE \(conditions.joined(separator: " AND "))
      ORDER BY id \(query.isNewestFirst ? "DESC" : "")
      """
    if let batchLimit = query.batchLimit {
      values.append(.integer(Int64(max(batchLimit, 0))))
      batches += " LIMIT ?\(values.count)"
    }
    var remaining = query.limit ?? Int.max
    guard remaining > 0 else { return }
    do {
      try connection.forEachRow(batches, values) { row in
        let batch = BatchRecord(row: row)
        // In the batch a position is in, only the rows from that position on are read: a
        // follower of a batch of a million rows does not read it again on every wake.
        let from = query.after.flatMap { $0.batch == batch.id ? $0.write : nil }
        try forEachRow(of: batch, journeyID: query.journeyID, isNewestFirst: query.isNewestFirst, from: from) { row in
          var changes = JourneyChange.changes(of: batch, row: row)
          if query.isNewestFirst { changes.reverse() }
          for change in changes {
            if let after = query.after, change.id <= after { continue }
            try body(change)
            remaining -= 1
            if remaining == 0 { throw EndOfQuery() }
          }
        }
      }
    } catch is EndOfQuery {}
  }

  /// The batch with this id, or `nil` when there is none.
  func batch(_ id: Int64) throws -> BatchRecord? {
    var record: BatchRecord?
    try connection.forEachRow("SELECT \(Self.batchColumns) FROM batch WHERE id = ?", [.integer(id)]) { row in
      record = BatchRecord(row: row)
    }
    return record
  }

  /// The position after every change committed so far: what follows it is new.
  ///
  /// A batch takes no more rows once its transaction (another program's statement) is committed,
  /// so the end is after the newest batch ever given an id, which pruning does not lower.
  func end() throws -> JourneyChange.ID {
    let issued = try connection.firstValue(
      "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'batch'), 0), coalesce((SELECT max(id) FROM batch), 0))"
    )?.integer ?? 0
    return .end(batch: issued, write: .max)
  }

  /// The first batch `history prune` kept, and when the newest batch it dropped was committed;
  /// `nil` when the log was never pruned.
  func horizon() throws -> (batch: Int64, date: Date)? {
    var horizon: (Int64, Date)?
    try connection.forEachRow("SELECT batch, at FROM log_horizon") { row in
      horizon = (row.integer(at: 0), Date(timeIntervalSinceReferenceDate: row.double(at: 1)))
    }
    return horizon
  }

  /// Thrown to stop reading once a query's limit is reached.
  private struct EndOfQuery: Error {}
}

extension ChangeLog.BatchRecord {
  /// The batch on a row of `SELECT \(ChangeLog.batchColumns)`.
  init(row: Statement) {
    self.init(
      id: row.integer(at: 0), date: Date(timeIntervalSinceReferenceDate: row.double(at: 1)),
      origin: row.text(at: 2), kind: JourneyChange.BatchKind(rawValue: row.text(at: 3)) ?? .command,
      reverts: row.value(at: 4) == .null ? nil : row.integer(at: 4),
      source: row.integer(at: 5), isInverted: row.integer(at: 6) != 0)
  }
}

extension ChangeLog {
  /// What is inconsistent in the log itself, for `db check`: batches that name a batch that
  /// does not exist as their source, and batch ids that the next batch would reuse; and those of
  /// its ranges (`rangeProblems(sentBatch:)`, which says what `sentBatch` is for).
  func problems(sentBatch: Int64?) throws -> [String] {
    var problems: [String] = []
    try connection.forEachRow("""
      SELECT b.id, b.source FROM batch b WHERE b.source IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM batch s WHERE s.id = b.source) LIMIT 10
      """
    ) { row in
      problems.append("batch \(row.integer(at: 0)) takes its changes from batch \(row.integer(at: 1)), which is gone")
    }
    let last = try connection.firstValue("SELECT max(id) FROM batch")?.integer ?? 0
    let issued = try connection.firstValue("SELECT seq FROM sqlite_sequence WHERE name = 'batch'")?.integer ?? 0
    if issued < last {
      problems.append("the next batch would reuse id \(issued + 1) (sqlite_sequence says \(issued), batches go to \(last))")
    }
    return problems + (try rangeProblems(sentBatch: sentBatch))
  }
}

extension ChangeLog {
  /// The condition on a batch that it (or its source) changed the journey whose id is parameter
  /// `index`: a row of `change` names it, or a range holds it.
  static func touches(journeyAt index: Int) -> String {
    "coalesce(source, id) IN (SELECT batch FROM change WHERE \(names(journey: "?\(index)")) "
      + "UNION ALL \(rangeBatches(holdingJourneyAt: index)))"
  }
}
