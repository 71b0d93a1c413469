/// The clocks a sync gives the local batches it sends (`batch.hlc`, which the log shows), and
/// how far the log goes.
struct BatchClocks {
  let connection: Connection

  /// The id of the newest batch, 0 for none.
  func newestBatch() throws -> Int64 {
    try connection.firstValue("SELECT coalesce(max(id), 0) FROM batch")?.integer ?? 0
  }

  /// Records the clock `hlc` a sync gave batch `batch` as it sent it.
  func stamp(_ batch: Int64, hlc: Int64) throws {
    try connection.run("UPDATE batch SET hlc = ? WHERE id = ?", [.integer(hlc), .integer(batch)])
  }
}
