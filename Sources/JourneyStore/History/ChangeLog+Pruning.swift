#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// Drops the oldest batches inside the current write transaction, as `pruning` says, and
  /// records where it cut (`log_horizon`); a kept undo or redo that describes its changes by the
  /// rows of a dropped batch keeps those rows (a kept redo of deletes is first given rows of its
  /// own, `recordKeptRedos`), and a database that syncs keeps every batch it has not sent yet.
  /// - Parameter sentBatch: The newest batch a sync sent, when the database syncs: the batches
  ///   after it stay (the caller reads it from sync's records; the log knows nothing of them).
  /// - Returns: What was dropped.
  func prune(_ pruning: HistoryPruning, keepingUnsentAfter sentBatch: Int64?) throws -> PruneSummary {
    var cut: Int64
    switch pruning {
    case .keepingLast(let count):
      cut = try connection.firstValue(
        "SELECT id FROM batch ORDER BY id DESC LIMIT 1 OFFSET ?", [.integer(Int64(max(count, 1) - 1))]
      )?.integer ?? 0
    case .before(let date):
      cut = try connection.firstValue(
        "SELECT coalesce(min(id), (SELECT coalesce(max(id), 0) + 1 FROM batch)) FROM batch WHERE at >= ?",
        [.real(date.timeIntervalSinceReferenceDate)])?.integer ?? 0
    }
    // A batch that no sync has put in a file yet stays (SYNC.md, "Sending").
    if let sentBatch {
      cut = min(cut, sentBatch + 1)
    }
    // The batches `history` lists that go, and when the newest of them was committed.
    let visible: [DatabaseValue] = [.integer(cut), .integer(try horizon()?.batch ?? 0)]
    let batches = try connection.firstValue(
      "SELECT count(*) FROM batch WHERE id < ?1 AND id >= ?2", visible)?.integer ?? 0
    guard batches > 0, case .real(let at) = try connection.firstValue(
      "SELECT at FROM batch WHERE id < ?1 AND id >= ?2 ORDER BY id DESC LIMIT 1", visible)
    else {
      return PruneSummary(batches: 0, changes: 0, newestDropped: nil)
    }
    try recordKeptRedos(readingDeletesBefore: cut)
    // Rows a kept undo or redo describes its changes by stay, with their batch.
    let needed = "SELECT source FROM batch WHERE id >= ?1 AND source IS NOT NULL"
    let rangeRows = try connection.firstValue(
      "SELECT coalesce(sum(journeys), 0) FROM change_range "
        + "WHERE batch < ?1 AND batch NOT IN (\(needed))", [.integer(cut)])?.integer ?? 0
    try connection.run("DELETE FROM change_range WHERE batch < ?1 AND batch NOT IN (\(needed))", [.integer(cut)])
    let changes = try connection.run(
      "DELETE FROM change WHERE batch < ?1 AND batch NOT IN (\(needed))", [.integer(cut)]) + Int(rangeRows)
    try connection.run("DELETE FROM batch WHERE id < ?1 AND id NOT IN (\(needed))", [.integer(cut)])
    try connection.run("DELETE FROM log_horizon")
    try connection.run("INSERT INTO log_horizon (batch, at) VALUES (?, ?)", [.integer(cut), .real(at)])
    return PruneSummary(batches: Int(batches), changes: changes, newestDropped: Date(timeIntervalSinceReferenceDate: at))
  }

  /// Gives each kept batch (from `cut` on) that reads, the other way round, the rows of a batch
  /// about to be dropped that are all deletes (a redo of an undo, the redo of an import's undo
  /// above all) rows of its own: its inserts, which hold no values. Those deletes, every value of
  /// every journey, can then go with their batch. A redo of a range is a range: when its
  /// journeys lie in a row as it inserted them, in the order of the deletes, and are many
  /// (`Batch.rangeThreshold`), they are logged as one (`recordRange`), else a row each.
  private func recordKeptRedos(readingDeletesBefore cut: Int64) throws {
    var redos: [(batch: Int64, source: Int64)] = []
    try connection.forEachRow(
      "SELECT id, source FROM batch WHERE id >= ?1 AND source < ?1 AND inverted = 1 ORDER BY id", [.integer(cut)]
    ) { row in
      redos.append((row.integer(at: 0), row.integer(at: 1)))
    }
    for redo in redos {
      let source = DatabaseValue.integer(redo.source)
      // The source's rows: deletes alone, with consecutive ids (an undo's, logged with one
      // statement), none of them a range's.
      var deletes: (first: Int64, last: Int64, count: Int64)?
      try connection.forEachRow(
        """
        SELECT min(id), max(id), count(*) FROM change WHERE batch = ?1
        HAVING count(*) > 0 AND count(*) = count(*) FILTER (WHERE kind = 'delete')
          AND NOT EXISTS (SELECT 1 FROM change_range WHERE batch = ?1)
        """, [source]
      ) { row in
        deletes = (row.integer(at: 0), row.integer(at: 1), row.integer(at: 2))
      }
      guard let deletes else { continue }
      if let rowids = try rowids(ofJourneysDeletedBy: source, deletes), Int64(rowids.count) >= Batch.rangeThreshold {
        try recordRange(batch: redo.batch, rowids: rowids)
      } else {
        try connection.run(
          "INSERT INTO change (batch, journey, kind) SELECT ?2, journey, 'insert' FROM change WHERE batch = ?1 ORDER BY id",
          [source, .integer(redo.batch)])
      }
      try connection.run("UPDATE batch SET source = NULL, inverted = 0 WHERE id = ?", [.integer(redo.batch)])
    }
  }

  /// The rowids of the journeys that the deletes of batch `source` (`deletes`: the ids of its
  /// rows, consecutive) name, when those journeys are in the journey table in a row, in the order
  /// of the deletes; `nil` otherwise.
  private func rowids(
    ofJourneysDeletedBy source: DatabaseValue, _ deletes: (first: Int64, last: Int64, count: Int64)
  ) throws -> ClosedRange<Int64>? {
    guard deletes.last - deletes.first + 1 == deletes.count,
      let first = try connection.firstValue(
        "SELECT j.rowid FROM change d JOIN journey j ON j.id = d.journey WHERE d.id = ?", [.integer(deletes.first)]
      )?.integer
    else { return nil }
    let inPlace = try connection.firstValue(
      """
      SELECT count(*) FROM change d JOIN journey j ON j.rowid = ?2 + d.id - ?3
      WHERE d.batch = ?1 AND j.id = d.journey
      """, [source, .integer(first), .integer(deletes.first)])?.integer
    return inPlace == deletes.count ? first...(first + deletes.count - 1) : nil
  }
}

extension ChangeLog {
  /// Cuts the log after a restore, inside the current write transaction: the restored
  /// backup's batches are from before it, and an undo of one of them would revert a change the
  /// restore has already replaced, silently. Undo stops there, as at a pruned log's horizon
  /// (`log_horizon`), and `history` starts there; the backup file keeps its own log.
  /// - Parameter date: When the backup was restored.
  func cutAtRestore(on date: Date) throws {
    let next = try end().batch + 1
    try connection.run("DELETE FROM log_horizon")
    try connection.run(
      "INSERT INTO log_horizon (batch, at) VALUES (?, ?)", [.integer(next), .real(date.timeIntervalSinceReferenceDate)])
  }
}
