#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// The log's rows as every reader sees them, for a `FROM` clause in place of `change`: the rows
  /// of `change`, and an `insert` row (no values) for each journey of a range that a large insert
  /// recorded (`Schema.version7`), with the id the range gives it: read from the journey table,
  /// or, for a range an undo anchored (`Schema.version8`), from the undo's `delete` rows. Its
  /// columns are those of `change` (id, batch, journey, kind, each field's old and new value). A
  /// condition on `batch` reaches every part (SQLite pushes it into each arm of a `UNION ALL`),
  /// so a batch's rows are read through the index by batch. Read a batch's rows through
  /// `ChangeLog.forEachRow(of:)`, which turns them the way the batch applies them.
  static let rows = """
    (SELECT id, batch, journey, kind, \(valueColumns) FROM change
    UNION ALL SELECT \(rangeChangeID), r.batch, j.id, 'insert', \(noValues) FROM \(journeys())
    UNION ALL
    SELECT \(anchoredChangeID), r.batch, d.journey, 'insert', \(noValues) FROM \(anchored()))
    """

  /// Each range of `ranges` (as `r`) that reads the journey table (not anchored) with its
  /// journeys (as `j`), those that also meet `condition`: from the journey its first id names
  /// (`f`), as many as it counts, in the order of their rowids.
  ///
  /// Without a `condition`, the ranges are read first and their journeys by rowid (`CROSS JOIN`
  /// names the order): a reader asks for one batch's ranges, and SQLite, which keeps no
  /// statistics here, would otherwise scan the journey table for the rowids, whatever the batch.
  /// A `condition` that picks a journey (`j.id = ?`) leaves the order to SQLite, which then
  /// starts from that journey. `keys` narrows the rowids read (`journeyKeys` by default: all of
  /// the range's).
  static func journeys(
    ofRanges ranges: String = "change_range", where condition: String = "", keys: RangeKeys = journeyKeys
  ) -> String {
    let join = condition.isEmpty ? "CROSS JOIN" : "JOIN"
    return """
      \(ranges) r \(join) journey f ON f.id = r.first_journey AND r.first_delete IS NULL
      \(join) journey j ON \(condition)j.rowid BETWEEN \(keys.first) AND \(keys.last)
      """
  }

  /// Each anchored range of `ranges` (as `r`) with the undo's `delete` rows that name its
  /// journeys (as `d`), in the range's order, those that also meet `condition`; the order of the
  /// reading as in `journeys(ofRanges:where:keys:)`, and `keys` narrows the ids of the rows read
  /// (`anchoredKeys` by default).
  static func anchored(
    ofRanges ranges: String = "change_range", where condition: String = "", keys: RangeKeys = anchoredKeys
  ) -> String {
    let join = condition.isEmpty ? "CROSS JOIN" : "JOIN"
    return "\(ranges) r \(join) change d ON \(condition)d.id BETWEEN \(keys.first) AND \(keys.last)"
  }

  /// The first and last key of the rows a range (`r`) is read by, as SQL expressions: rowids of
  /// the journey table, or ids of the undo's rows in the log.
  typealias RangeKeys = (first: String, last: String)
  /// A range's journeys by rowid, from its first journey's (`f`).
  static let journeyKeys: RangeKeys = ("f.rowid", "f.rowid + r.journeys - 1")
  /// An anchored range's journeys by the ids of the undo's `delete` rows.
  static let anchoredKeys: RangeKeys = ("r.first_delete", "r.first_delete + r.journeys - 1")

  /// A `SELECT` of how many journeys the ranges of the batch whose id is parameter `index` hold.
  static func rangeJourneyCount(ofBatchAt index: Int) -> String {
    rangeJourneyCount(ofBatches: "= ?\(index)")
  }

  /// A `SELECT` of how many journeys the ranges of the batches that `batches` picks hold (a
  /// condition on a batch id: `= ?1`, `IN (SELECT …)`): an anchored range by its count (its rows
  /// are the undo's, by construction); another read from its first journey by id, then by rowid
  /// (the order named: by itself, SQLite may scan the journey table for the rowids instead).
  static func rangeJourneyCount(ofBatches batches: String) -> String {
    """
    SELECT count(*) + (SELECT coalesce(sum(journeys), 0) FROM change_range
        WHERE batch \(batches) AND first_delete IS NOT NULL)
    FROM change_range r CROSS JOIN journey f ON f.id = r.first_journey
    CROSS JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
    WHERE r.batch \(batches) AND r.first_delete IS NULL
    """
  }

  /// The id of the log row a range gives its journey `j`.
  static let rangeChangeID = "r.first_change + j.rowid - f.rowid"
  /// The id of the log row an anchored range gives the journey of the undo's row `d`.
  static let anchoredChangeID = "r.first_change + d.id - r.first_delete"

  /// The old and new value columns of a change row, field by field.
  private static let valueColumns = JourneyField.all.map { "old_\($0.column), new_\($0.column)" }
    .joined(separator: ", ")
  /// A range's row holds no values: `NULL` for each of `valueColumns`.
  static let noValues = JourneyField.all.map { _ in "NULL, NULL" }.joined(separator: ", ")

  /// The batches whose ranges hold the journey whose id is parameter `index`: a lookup of the
  /// journey by id, then of the ranges (a few rows).
  static func rangeBatches(holdingJourneyAt index: Int) -> String {
    "SELECT r.batch \(ranges(holdingJourneyAt: index)) UNION ALL SELECT r.batch FROM "
      + anchored(where: "\(names(journey: "?\(index)", in: "d.journey")) AND ")
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
    try recordRange(batch: batch, rowids: (rowID + 1)...last)
    return true
  }

  /// Logs the journeys with these rowids as inserted by `batch`, as `recordRange(batch:after:)`
  /// does.
  func recordRange(batch: Int64, rowids: ClosedRange<Int64>) throws {
    let (rowID, last) = (rowids.lowerBound - 1, rowids.upperBound)
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

  /// Resolves the ranges of `batch`, so that `change` names all its inserts.
  func resolveRanges(of batch: DatabaseValue) throws {
    try resolveRanges(where: "batch = ?1", [batch])
  }

  /// Resolves the ranges that hold a journey whose rowid `select` returns (its `?1` bound to
  /// `parameter`): journeys about to leave their rowids. Other ranges stay: undoing one journey's
  /// insert writes no other import's log.
  func resolveRanges(holdingRowidsOf select: String, parameter: DatabaseValue) throws {
    // Only a range that reads the journey table holds a rowid: with none, nothing is walked.
    let live = "SELECT 1 FROM change_range WHERE first_delete IS NULL LIMIT 1"
    guard try connection.firstValue(live) != nil else { return }
    // From the ranges (a few), each walked over its own rowids until one is among `select`'s
    // (built once): from the journeys, SQLite read every journey below each deleted one.
    try resolveRanges(
      where: """
        id IN (SELECT r.id FROM change_range r JOIN journey f
          ON f.id = r.first_journey AND r.first_delete IS NULL
          WHERE EXISTS (SELECT 1 FROM journey s WHERE s.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
            AND s.rowid IN (\(select))))
        """, [parameter])
  }

  /// Logs a `delete` of every journey of `batch`'s ranges that read the journey table, with
  /// every value, for `undo`, the recorded batch about to delete them all: in each range's order,
  /// with consecutive ids, and anchors the range to those rows (`Schema.version8`), so that it
  /// is not written out as rows of `change`. A range whose journeys are no longer in a row (what
  /// `db check` reports) is resolved instead, and its rows left to the caller.
  /// - Parameter logRows: Logs the caller's rows of `batch` with ids below the one it is
  ///   handed, before the range that starts there: the deletes keep the order of the inserts.
  /// - Returns: The rowids of the anchored ranges' journeys, to delete.
  func anchorRanges(
    of batch: DatabaseValue, deletedBy undo: Int64,
    loggingRowsBefore logRows: (Int64) throws -> Void
  ) throws -> [ClosedRange<Int64>] {
    var ranges: [(id: Int64, first: String, last: String, count: Int64, firstChange: Int64)] = []
    try connection.forEachRow("""
      SELECT id, first_journey, last_journey, journeys, first_change FROM change_range
      WHERE batch = ?1 AND first_delete IS NULL ORDER BY first_change
      """, [batch]
    ) { row in
      ranges.append(
        (row.integer(at: 0), row.text(at: 1), row.text(at: 2), row.integer(at: 3), row.integer(at: 4)))
    }
    var rowids: [ClosedRange<Int64>] = []
    for range in ranges {
      try logRows(range.firstChange)
      let firstDelete = (try connection.firstValue("SELECT max(id) FROM change")?.integer ?? 0) + 1
      let firstRowid = "SELECT rowid FROM journey WHERE id = ?"
      if let first = try connection.firstValue(firstRowid, [.text(range.first)])?.integer {
        let span = first...(first + range.count - 1)
        let logged = try connection.run(
          Self.logAnchoredDeletes,
          [.integer(firstDelete), .integer(undo), .integer(span.lowerBound), .integer(span.upperBound)])
        let last = try connection.firstValue(
          "SELECT journey FROM change WHERE id = ?", [.integer(firstDelete + range.count - 1)])
        if logged == range.count, last?.text == range.last {
          try connection.run(
            "UPDATE change_range SET first_delete = ?1 WHERE id = ?2",
            [.integer(firstDelete), .integer(range.id)])
          rowids.append(span)
          continue
        }
        try connection.run("DELETE FROM change WHERE id >= ?", [.integer(firstDelete)])
      }
      try resolveRanges(where: "id = ?1", [.integer(range.id)])
    }
    return rowids
  }

  /// Logs the deletes of the journeys with rowids `?3` to `?4` for batch `?2`, with ids from
  /// `?1` on, in the order of their rowids.
  private static let logAnchoredDeletes = """
    INSERT INTO change (id, batch, journey, kind, \(Batch.oldColumns))
    SELECT ?1 + rowid - ?3, ?2, id, 'delete', \(Batch.columns)
    FROM journey WHERE rowid BETWEEN ?3 AND ?4 ORDER BY rowid
    """

  /// Resolves the ranges that meet `condition` (all of them when `nil`), one by one by id: a
  /// condition that walks journeys is asked once, not again for each row the resolution reads.
  private func resolveRanges(where condition: String?, _ parameters: [DatabaseValue]) throws {
    guard try connection.firstValue("SELECT 1 FROM change_range LIMIT 1") != nil else { return }
    let ranges = condition.map { condition in " WHERE \(condition)" } ?? ""
    var ids: [Int64] = []
    try connection.forEachRow("SELECT id FROM change_range\(ranges)", parameters) { row in
      ids.append(row.integer(at: 0))
    }
    for id in ids {
      try connection.run(Self.resolveRange, [.integer(id)])
      try connection.run("DELETE FROM change_range WHERE id = ?", [.integer(id)])
    }
  }

  /// Writes the rows of the range whose id is `?1` into `change`, with the ids it gives them.
  private static let resolveRange = """
    INSERT INTO change (id, batch, journey, kind)
    SELECT \(rangeChangeID), r.batch, j.id, 'insert' FROM \(journeys(ofRanges: oneRange))
    UNION ALL
    SELECT \(anchoredChangeID), r.batch, d.journey, 'insert' FROM \(anchored(ofRanges: oneRange))
    """
  private static let oneRange = "(SELECT * FROM change_range WHERE id = ?1)"

  private static func rangeIDs(holdingJourneyAt index: Int) -> String {
    "SELECT r.id \(ranges(holdingJourneyAt: index))"
  }

  /// What is wrong with the log's ranges, for `db check`: a range whose journeys are no longer
  /// in a row from its first to its last (another program removed or moved one without the
  /// triggers: the journeys are whole, the log lost inserts), an anchored range whose undo's
  /// rows are no longer its journeys' deletes, one after the other, or a range whose ids are not
  /// kept by the batch's last row. `sentBatch` is the newest batch a sync sent, when the database
  /// syncs: a later one is not pruned, and its repair says so.
  func rangeProblems(sentBatch: Int64?) throws -> [String] {
    var problems: [String] = []
    try connection.forEachRow("""
      SELECT r.batch, r.first_journey, r.last_journey, r.journeys, r.first_delete IS NULL,
        CASE WHEN r.first_delete IS NULL THEN
          (SELECT count(*) FROM journey f JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1
            WHERE f.id = r.first_journey) = r.journeys
          AND (SELECT j.id FROM journey f JOIN journey j ON j.rowid = f.rowid + r.journeys - 1
            WHERE f.id = r.first_journey) IS r.last_journey
        ELSE
          (SELECT count(*) FROM change d WHERE d.id BETWEEN r.first_delete AND r.first_delete + r.journeys - 1
            AND d.kind = 'delete' AND d.batch IN (SELECT id FROM batch WHERE reverts = r.batch)) = r.journeys
          AND (SELECT journey FROM change WHERE id = r.first_delete) IS r.first_journey
          AND (SELECT journey FROM change WHERE id = r.first_delete + r.journeys - 1) IS r.last_journey
        END,
        EXISTS (SELECT 1 FROM change c WHERE c.id = r.first_change + r.journeys
          AND c.batch = r.batch AND c.kind = 'insert'),
        (SELECT count(*) FROM batch b WHERE b.id > r.batch), r.batch > ?1
      FROM change_range r LIMIT 10
      """, [sentBatch.map { .integer($0) } ?? .null]
    ) { row in
      let (batch, first, last, count) = (row.integer(at: 0), row.text(at: 1), row.text(at: 2), row.integer(at: 3))
      let repair = Self.pruning(newerBatches: row.integer(at: 7), isUnsent: row.integer(at: 8) == 1)
      if row.integer(at: 5) == 0 {
        problems.append(
          row.integer(at: 4) != 0
            ? "batch \(batch) logs \(count) journeys from \(first) to \(last) as inserted, but they are no "
              + "longer in a row in the journey table (another program moved or removed rows without its "
              + "triggers): the journeys are whole, the history of that batch is not; \(repair)"
            : "batch \(batch) logs \(count) journeys from \(first) to \(last) as inserted through the rows of "
              + "the undo that deleted them, but those rows are no longer its journeys' deletes in a row "
              + "(another program changed the log): the journeys are whole, the history of that batch is "
              + "not; \(repair)")
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
