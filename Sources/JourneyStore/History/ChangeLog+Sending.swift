/// What a sync asks of the log: the batches this database made that it has not sent yet, and
/// the mark of one it sent. Sync reads the log through these and `ChangeLog.rows(of:)` alone, so
/// that how a batch's rows read (a derived batch's, a range's) is said here once.
extension ChangeLog {
  /// The batches after `batch` that were made here (a command, an undo or redo, another
  /// program's statement), never one a sync received (`Batch.describeReceived`), oldest first.
  func localBatches(after batch: Int64) throws -> [BatchRecord] {
    var batches: [BatchRecord] = []
    try connection.forEachRow(
      "SELECT \(Self.batchColumns) FROM batch WHERE id > ? AND replica IS NULL ORDER BY id", [.integer(batch)]
    ) { row in
      batches.append(BatchRecord(row: row))
    }
    return batches
  }

  /// How many batches after `batch` were made here, and how many rows of the log they read.
  func localChanges(after batch: Int64) throws -> (batches: Int, rows: Int) {
    var counts = (batches: 0, rows: 0)
    try connection.forEachRow(Self.localChangeCounts, [.integer(batch)]) { row in
      counts = (Int(row.integer(at: 0)), Int(row.integer(at: 1)))
    }
    return counts
  }

  /// A `SELECT` of how many batches after parameter 1 were made here, and how many rows of
  /// `change` and of the ranges they read, each counted through its batch: SQLite does not carry
  /// an `IN` on `batch` into the arms of `ChangeLog.rows`, and would read the whole log and every
  /// journey of the ranges to count a few rows.
  static let localChangeCounts: String = {
    let local = "FROM batch WHERE id > ?1 AND replica IS NULL"
    let read = "IN (SELECT coalesce(source, id) \(local))"
    return "SELECT (SELECT count(*) \(local)), (SELECT count(*) FROM change WHERE batch \(read)) "
      + "+ (\(rangeJourneyCount(ofBatches: read)))"
  }()

  /// The id of the newest batch the log holds, 0 when it holds none.
  func newestBatch() throws -> Int64 {
    try connection.firstValue("SELECT coalesce(max(id), 0) FROM batch")?.integer ?? 0
  }

  /// Records that a sync sent the batch, stamped with the hybrid clock `hlc` (SYNC.md, "Sending").
  func markSent(_ batch: Int64, stampedWith hlc: Int64) throws {
    try connection.run("UPDATE batch SET hlc = ? WHERE id = ?", [.integer(hlc), .integer(batch)])
  }
}
