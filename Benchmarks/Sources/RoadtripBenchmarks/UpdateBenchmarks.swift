import CSQLiteBench
import Foundation
import JourneyStore

/// Every update variant works on its own copy of the same file (the roadtrip schema filled with
/// the generated journeys) and edits the same journeys, in the same (random id) order.
extension Variant {
  static let updates: [Variant] = [
    Variant(
      name: "update.c-api", group: .update,
      title: "SQLite C API, one prepared `UPDATE … WHERE id = ?` (anchor)", measure: updateWithCAPI),
    Variant(
      name: "update.c-api.store-work", group: .update,
      title: "SQLite C API doing the store's work: read the row, update and log what changed",
      measure: updateAsTheStoreDoesWithCAPI),
    Variant(
      name: "update.store", group: .update,
      title: "JourneyStore `edit(ids:)`, `JourneyField.named(\"transport\").assign(\"bike\", to:)`",
      measure: updateWithStore),
  ]
}

/// The journeys a batch update edits, `workload.updates` of them spread evenly over the data,
/// and how many bike journeys the file must hold afterwards.
private func targets(of workload: Workload) -> (journeys: [GeneratedJourney], bikesAfter: Int) {
  let journeys = GeneratedJourney.generate(count: workload.rows)
  let targets = (0..<workload.updates).map { journeys[$0 * workload.rows / workload.updates] }
  let bikesBefore = journeys.count { $0.transportationType == .bike }
  return (targets, bikesBefore + targets.count { $0.transportationType != .bike })
}

private func updateWithCAPI(_ workload: Workload) throws -> Sample {
  let (journeys, bikesAfter) = targets(of: workload)
  let file = try SQLiteFile(path: workload.database)
  let sql = "UPDATE journey SET transportation_type = ?1 WHERE id = ?2"
  let sample = try Sample.measure {
    try file.execute("BEGIN IMMEDIATE")
    // The plain UPDATE, unlogged: a batch open with the triggers silent (state 2), removed before
    // the commit. Without it the file's triggers would log every UPDATE as another program's.
    try file.execute("INSERT INTO batch (at, origin, state) VALUES (\(Date().timeIntervalSinceReferenceDate), 'benchmarks', 2)")
    let batch = sqlite3_last_insert_rowid(file.handle)
    let update = try file.prepare(sql)
    sqlite3_bind_text(update.handle, 1, "bike", -1, transient)
    for journey in journeys {
      sqlite3_bind_text(update.handle, 2, journey.idText, -1, transient)
      try file.check(sqlite3_step(update.handle), SQLITE_DONE, sql: sql)
      try expect(Int(sqlite3_changes(file.handle)), equals: 1, "rows updated by one id")
      sqlite3_reset(update.handle)
    }
    try file.execute("DELETE FROM batch WHERE id = \(batch)")
    try file.execute("COMMIT")
  }
  try expect(file.count("journey WHERE transportation_type = 'bike'"), equals: bikesAfter, "bike journeys")
  return sample
}

/// The same SQL work as `edit(ids:)`, without the store's Swift layers: in one immediate
/// transaction, a batch row, then for each id a `SELECT` of the journey's fields (for the change
/// log's old value) and, when the type differs, the `UPDATE` and one `update` row of the change
/// log. Journeys that are bike rides already are read and left alone, as the store leaves them.
private func updateAsTheStoreDoesWithCAPI(_ workload: Workload) throws -> Sample {
  let (journeys, bikesAfter) = targets(of: workload)
  let file = try SQLiteFile(path: workload.database)
  try file.execute("PRAGMA foreign_keys = ON")
  let selectSQL = "SELECT name, transportation_type, start_date, duration FROM journey WHERE id = ?1"
  let updateSQL = "UPDATE journey SET transportation_type = ?2 WHERE id = ?1"
  let recordSQL = """
    INSERT INTO change (batch, journey, kind, old_transportation_type, new_transportation_type) VALUES (?1, ?2, 'update', ?3, ?4)
    """
  let sample = try Sample.measure {
    try file.execute("BEGIN IMMEDIATE")
    // Open with the triggers silent (state 2), as the store opens its batches and logs its own rows.
    try file.execute("INSERT INTO batch (at, origin, state) VALUES (\(Date().timeIntervalSinceReferenceDate), 'benchmarks', 2)")
    let batch = sqlite3_last_insert_rowid(file.handle)
    let select = try file.prepare(selectSQL)
    let update = try file.prepare(updateSQL)
    let record = try file.prepare(recordSQL)
    for journey in journeys {
      sqlite3_bind_text(select.handle, 1, journey.idText, -1, transient)
      try file.check(sqlite3_step(select.handle), SQLITE_ROW, sql: selectSQL)
      // Every field, as the store reads every field into a journey.
      let row = (
        name: String(cString: sqlite3_column_text(select.handle, 0)),
        type: String(cString: sqlite3_column_text(select.handle, 1)),
        start: sqlite3_column_double(select.handle, 2), duration: sqlite3_column_double(select.handle, 3))
      sqlite3_reset(select.handle)
      guard row.type != "bike" else { continue }
      sqlite3_bind_text(update.handle, 1, journey.idText, -1, transient)
      sqlite3_bind_text(update.handle, 2, "bike", -1, transient)
      try file.check(sqlite3_step(update.handle), SQLITE_DONE, sql: updateSQL)
      try expect(Int(sqlite3_changes(file.handle)), equals: 1, "rows updated by one id")
      sqlite3_reset(update.handle)
      sqlite3_bind_int64(record.handle, 1, batch)
      sqlite3_bind_text(record.handle, 2, journey.idText, -1, transient)
      sqlite3_bind_text(record.handle, 3, row.type, -1, transient)
      sqlite3_bind_text(record.handle, 4, "bike", -1, transient)
      try file.check(sqlite3_step(record.handle), SQLITE_DONE, sql: recordSQL)
      sqlite3_reset(record.handle)
    }
    try file.execute("UPDATE batch SET state = 0 WHERE id = \(batch)")
    try file.execute("COMMIT")
  }
  try expect(file.count("journey WHERE transportation_type = 'bike'"), equals: bikesAfter, "bike journeys")
  return sample
}

private func updateWithStore(_ workload: Workload) throws -> Sample {
  let (journeys, bikesAfter) = targets(of: workload)
  let ids = journeys.map(\.id)
  let database = try JourneyDatabase(path: workload.database)
  let transport = try JourneyField.named("transport")
  let sample = try Sample.measure {
    try database.edit(ids: ids) { journey in try transport.assign("bike", to: journey) }
  }
  try expect(database.count(JourneyQuery(transportationTypes: [.bike])), equals: bikesAfter, "bike journeys")
  return sample
}
