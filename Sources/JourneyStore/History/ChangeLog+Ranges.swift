#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// The log's rows as every reader sees them, for a `FROM` clause in place of `change`: the rows
  /// of `change`, and an `insert` row (no values) for each journey of a range that a large insert
  /// recorded (`Schema.version7`), with the id the range gives it. Its columns are those of
  /// `rowColumns` and `batch`. A condition on `batch` reaches both halves (SQLite pushes it into
  /// each arm of a `UNION ALL`), so a batch's rows are read through the index by batch.
  static let rows = """
    (SELECT id, batch, journey, kind, \(valueColumns) FROM change
    UNION ALL SELECT \(rangeChangeID), r.batch, j.id, 'insert', \(noValues) FROM \(journeys()))
    """

  /// Each range of `ranges` (as `r`) with its journeys (as `j`), those that also meet
  /// `condition`: from the journey its first id names (`f`), as many as it counts, in the order
  /// of their rowids.
  private static func journeys(ofRanges ranges: String = "change_range", where condition: String = "")
    -> String
  {
    """
    \(ranges) r JOIN journey f ON f.id = r.first_journey
    JOIN journey j ON \(condition)j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
    """
  }

  /// A `SELECT` of how many journeys the ranges of the batch whose id is parameter `index` hold,
  /// each range read from its first journey by id, then by rowid (the order named: by itself,
  /// SQLite may scan the journey table for the rowids instead).
  static func rangeJourneyCount(ofBatchAt index: Int) -> String {
    """
    SELECT count(*) FROM change_range r CROSS JOIN journey f ON f.id = r.first_journey
    CROSS JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
    WHERE r.batch = ?\(index)
    """
  }

  /// The id of the log row a range gives its journey `j`.
  private static let rangeChangeID = "r.first_change + j.rowid - f.rowid"

  /// The old and new value columns of a change row, in the order of `rowColumns`.
  private static let valueColumns = JourneyField.all.map { "old_\($0.column), new_\($0.column)" }
    .joined(separator: ", ")
  private static let noValues = JourneyField.all.map { _ in "NULL, NULL" }.joined(separator: ", ")

  /// The batches whose ranges hold the journey whose id is parameter `index`: a lookup of the
  /// journey by id, then of the ranges (a few rows).
  static func rangeBatches(holdingJourneyAt index: Int) -> String {
    "SELECT r.batch \(ranges(holdingJourneyAt: index))"
  }

  /// The ranges (as `r`) that hold the journey whose id is parameter `index`, from `FROM` on.
  private static func ranges(holdingJourneyAt index: Int) -> String {
    "FROM \(journeys(where: "j.id = ?\(index) AND "))"
  }

  /// Logs the journeys with rowids after `rowID` as inserted by `batch`, as a range: one
  /// `change_range` row for all of them but the last, and a `change` row for the last, which
  /// keeps the range's ids from being given to other rows.
  /// - Returns: Whether there was any journey to log.
  func recordRange(batch: Int64, after rowID: Int64) throws -> Bool {
    guard let last = try connection.firstValue("SELECT max(rowid) FROM journey")?.integer, last > rowID else {
      return false
    }
    let firstChange = (try connection.firstValue("SELECT max(id) FROM change")?.integer ?? 0) + 1
    let count = last - rowID
    if count > 1 {
      try connection.run(
        """
        INSERT INTO change_range (batch, first_journey, last_journey, journeys, first_change)
        VALUES (?1, (SELECT id FROM journey WHERE rowid = ?2), (SELECT id FROM journey WHERE rowid = ?3),
          ?3 - ?2 + 1, ?4)
        """,
        [.integer(batch), .integer(rowID + 1), .integer(last - 1), .integer(firstChange)])
    }
    try connection.run(
      "INSERT INTO change (id, batch, journey, kind) SELECT ?, ?, id, 'insert' FROM journey WHERE rowid = ?",
      [.integer(firstChange + count - 1), .integer(batch), .integer(last)])
    return true
  }

  /// Writes the rows of the ranges that hold a journey about to leave its rowid (deleted, or
  /// given another id) into `change`, with the ids the ranges gave them, and removes the ranges:
  /// those holding the journey `id`, or every range when `id` is `nil`. What the log says does
  /// not change; a later journey may then take the rowid.
  func resolveRanges(holding id: UUID? = nil) throws {
    try resolveRanges(
      where: id == nil ? nil : "id IN (\(Self.rangeIDs(holdingJourneyAt: 1)))",
      id.map { [.text($0.lowercasedText)] } ?? [])
  }

  /// Resolves the ranges of `batch`, so that `change` names all its inserts, and those that hold
  /// a journey whose rowid `select` returns (its `?1` bound to `batch`): journeys about to leave
  /// their rowids. Other ranges stay: undoing one journey's insert writes no other import's log.
  func resolveRanges(of batch: DatabaseValue, holdingRowidsOf select: String) throws {
    try resolveRanges(where: "batch = ?1", [batch])
    try resolveRanges(
      where: "id IN (SELECT r.id FROM \(Self.journeys()) WHERE j.rowid IN (\(select)))", [batch])
  }

  /// Resolves the ranges that meet `condition` (all of them when `nil`).
  private func resolveRanges(where condition: String?, _ parameters: [DatabaseValue]) throws {
    guard try connection.firstValue("SELECT 1 FROM change_range LIMIT 1") != nil else { return }
    let ranges = condition.map { condition in " WHERE \(condition)" } ?? ""
    let selected = "(SELECT * FROM change_range\(ranges))"
    try connection.run("""
      INSERT INTO change (id, batch, journey, kind)
      SELECT \(Self.rangeChangeID), r.batch, j.id, 'insert'
      FROM \(Self.journeys(ofRanges: selected))
      """, parameters)
    try connection.run("DELETE FROM change_range\(ranges)", parameters)
  }

  private static func rangeIDs(holdingJourneyAt index: Int) -> String {
    "SELECT r.id \(ranges(holdingJourneyAt: index))"
  }

  /// What is wrong with the log's ranges, for `db check`: a range whose journeys are no longer
  /// in a row from its first to its last (another program removed or moved one without the
  /// triggers: the journeys are whole, the log lost inserts), or whose ids are not kept by the
  /// batch's last row.
  func rangeProblems() throws -> [String] {
    var problems: [String] = []
    try connection.forEachRow("""
      SELECT r.batch, r.first_journey, r.last_journey, r.journeys,
        (SELECT count(*) FROM journey f JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
          WHERE f.id = r.first_journey),
        (SELECT j.id FROM journey f JOIN journey j ON j.rowid = f.rowid + r.journeys - 1
          WHERE f.id = r.first_journey) IS r.last_journey,
        EXISTS (SELECT 1 FROM change c WHERE c.id = r.first_change + r.journeys
          AND c.batch = r.batch AND c.kind = 'insert'),
        (SELECT count(*) FROM batch b WHERE b.id > r.batch),
        r.batch > (SELECT sent_batch FROM sync_replica)
      FROM change_range r LIMIT 10
      """
    ) { row in
      let (batch, first, last, count) = (row.integer(at: 0), row.text(at: 1), row.text(at: 2), row.integer(at: 3))
      let repair = Self.pruning(newerBatches: row.integer(at: 7), isUnsent: row.integer(at: 8) == 1)
      if row.integer(at: 4) != count || row.integer(at: 5) == 0 {
        problems.append(
          "batch \(batch) logs \(count) journeys from \(first) to \(last) as inserted, but they are no longer "
            + "in a row in the journey table (another program moved or removed rows without its "
            + "triggers): the journeys are whole, the history of that batch is not; \(repair)")
      }
      if row.integer(at: 6) == 0 {
        problems.append("batch \(batch)'s range of inserts from \(first) lost its last row; \(repair)")
      }
    }
    return problems
  }

  /// What forgets a batch's history and leaves the journeys as they are: the prune that keeps
  /// only the `newerBatches` after it. A prune keeps a batch no sync has sent (`isUnsent`): only a
  /// backup repairs that one.
  private static func pruning(newerBatches: Int64, isUnsent: Bool) -> String {
    // Syncing it first would send the damaged range as it reads now.
    guard !isUnsent else { return "no sync has sent that batch, which a prune keeps: restore a backup" }
    let prune = newerBatches == 0 ? "--before now" : "--keep \(newerBatches)"
    return "'roadtrip history prune \(prune)' forgets it (and the batches before it), or restore a backup"
  }
}
