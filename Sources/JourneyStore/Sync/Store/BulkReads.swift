/// How a sync reads the registers and journey rows of the journeys it receives (SYNC.md,
/// "Receiving in bulk"): one query per journey, or one scan of the table for all of them. Both
/// give the same rows; a scan costs a fraction of a lookup per row read (a few hundred
/// instructions against about 15,000 for a prepared lookup), so it wins once the received
/// journeys are a good part of the table.
enum BulkReads: Sendable {
  /// A scan when the journeys are at least `threshold` and a quarter of the table.
  case automatic
  /// One lookup per journey, always: the per-journey path, for tests that compare the two.
  case never
  /// A scan whenever there is a journey to read: for tests.
  case always

  /// The mode of the syncs that the current task runs: `.automatic` unless a test binds it.
  @TaskLocal static var mode = BulkReads.automatic

  /// The fewest journeys that `automatic` reads with a scan.
  static let threshold = 1_024

  /// Whether to read `wanted` rows of a table with a scan; `total` counts the table's rows, and
  /// is called only when the answer depends on it.
  func scans(_ wanted: Int, of total: () throws -> Int64) rethrows -> Bool {
    switch self {
    case .never: false
    case .always: wanted > 0
    case .automatic:
      if wanted < Self.threshold { false } else { try Int64(wanted) * 4 >= total() }
    }
  }
}
