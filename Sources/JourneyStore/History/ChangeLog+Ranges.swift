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
    UNION ALL SELECT r.first_change + j.rowid - r.first_rowid, r.batch, j.id, 'insert', \(noValues)
    FROM change_range r JOIN journey j ON j.rowid BETWEEN r.first_rowid AND r.last_rowid)
    """

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
    "FROM change_range r JOIN journey j ON j.id = ?\(index) AND j.rowid BETWEEN r.first_rowid AND r.last_rowid"
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
        "INSERT INTO change_range (batch, first_rowid, last_rowid, first_change) VALUES (?, ?, ?, ?)",
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
    guard try connection.firstValue("SELECT 1 FROM change_range LIMIT 1") != nil else { return }
    let ranges = id == nil ? "" : " WHERE id IN (\(Self.rangeIDs(holdingJourneyAt: 1)))"
    let parameters: [DatabaseValue] = id.map { [.text($0.lowercasedText)] } ?? []
    try connection.run("""
      INSERT INTO change (id, batch, journey, kind)
      SELECT r.first_change + j.rowid - r.first_rowid, r.batch, j.id, 'insert'
      FROM (SELECT * FROM change_range\(ranges)) r
      JOIN journey j ON j.rowid BETWEEN r.first_rowid AND r.last_rowid
      """, parameters)
    try connection.run("DELETE FROM change_range\(ranges)", parameters)
  }

  private static func rangeIDs(holdingJourneyAt index: Int) -> String {
    "SELECT r.id \(ranges(holdingJourneyAt: index))"
  }

  /// What is wrong with the log's ranges, for `db check`: a range whose rowids are not all
  /// journeys (one left without the range being resolved: another program changed a rowid), or
  /// whose ids are not kept by its last row.
  func rangeProblems() throws -> [String] {
    var problems: [String] = []
    try connection.forEachRow("""
      SELECT r.batch, r.first_rowid, r.last_rowid,
        (SELECT count(*) FROM journey j WHERE j.rowid BETWEEN r.first_rowid AND r.last_rowid),
        EXISTS (SELECT 1 FROM change c WHERE c.id = r.first_change + r.last_rowid - r.first_rowid + 1
          AND c.batch = r.batch AND c.kind = 'insert')
      FROM change_range r LIMIT 10
      """
    ) { row in
      let (batch, first, last) = (row.integer(at: 0), row.integer(at: 1), row.integer(at: 2))
      if row.integer(at: 3) != last - first + 1 {
        problems.append(
          "batch \(batch) logs the journeys at rowids \(first)-\(last) as inserted, "
            + "but only \(row.integer(at: 3)) of them are there (rowids were changed outside roadtrip)")
      }
      if row.integer(at: 4) == 0 {
        problems.append("batch \(batch)'s range of inserts at rowids \(first)-\(last) lost its last row")
      }
    }
    return problems
  }
}
