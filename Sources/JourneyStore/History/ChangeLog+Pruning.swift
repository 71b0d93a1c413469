#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// Drops the oldest batches inside the current write transaction, as `pruning` says, and
  /// records where it cut (`log_horizon`); a kept undo or redo that describes its changes by the
  /// rows of a dropped batch keeps those rows, and a database that syncs keeps every batch it has
  /// not sent yet.
  /// - Returns: What was dropped.
  func prune(_ pruning: HistoryPruning) throws -> PruneSummary {
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
    if let sent = try connection.firstValue("SELECT sent_batch FROM sync_replica LIMIT 1")?.integer {
      cut = min(cut, sent + 1)
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
