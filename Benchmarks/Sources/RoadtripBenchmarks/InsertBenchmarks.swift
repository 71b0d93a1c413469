import CSQLiteBench
import Foundation
import JourneyStore

extension Variant {
  static let inserts: [Variant] = [
    Variant(
      name: "insert.c-api", group: .insert,
      title: "SQLite C API, minimal table, TEXT uuid key (anchor)", measure: insertWithCAPI),
    Variant(
      name: "insert.c-api.store-schema", group: .insert,
      title: "SQLite C API into the roadtrip schema, + change and batch rows", measure: insertIntoStoreSchemaWithCAPI),
    Variant(
      name: "insert.grdb.statement", group: .insert,
      title: "GRDB prepared statement, minimal table, 16-byte blob uuid (anchor)", measure: insertWithGRDBStatement),
    Variant(
      name: "insert.grdb.record", group: .insert,
      title: "GRDB Codable record `insert(db)`, minimal table (anchor)", measure: insertWithGRDBRecords),
    Variant(
      name: "insert.grdb.record.store-schema", group: .insert,
      title: "GRDB Codable record `insert(db)` into the roadtrip schema's `journey` table (CHECKs, 2 indexes, WAL)",
      measure: insertIntoStoreSchemaWithGRDBRecords),
    Variant(
      name: "insert.grdb.record.store-work", group: .insert,
      title: "GRDB Codable records doing the store's work: the roadtrip schema, + change and batch rows",
      measure: insertIntoStoreSchemaWithGRDBRecordsLoggingChanges),
    Variant(
      name: "insert.store", group: .insert,
      title: "JourneyStore `add(contentsOf:)` with `Journey` objects", measure: insertWithStore),
    Variant(
      name: "insert.store.import", group: .insert,
      title: "JourneyStore `importJourneys(from:)` reading NDJSON from a file (parsing included)",
      measure: importWithStore),
  ]
}

/// The anchor of PERFORMANCE.md: one transaction, one prepared INSERT reused, SQLite's defaults.
private func insertWithCAPI(_ workload: Workload) throws -> Sample {
  let journeys = GeneratedJourney.generate(count: workload.rows)
  let file = try SQLiteFile(path: workload.database)
  try file.execute("""
    CREATE TABLE journey (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
      transportation_type TEXT NOT NULL, start_date REAL NOT NULL, duration REAL NOT NULL)
    """)
  let sql = "INSERT INTO journey VALUES (?, ?, ?, ?, ?)"
  let sample = try Sample.measure {
    try file.execute("BEGIN")
    let insert = try file.prepare(sql)
    for journey in journeys {
      sqlite3_bind_text(insert.handle, 1, journey.idText, -1, transient)
      sqlite3_bind_text(insert.handle, 2, journey.name, -1, transient)
      sqlite3_bind_text(insert.handle, 3, journey.transportationType.rawValue, -1, transient)
      sqlite3_bind_double(insert.handle, 4, journey.startDate.timeIntervalSinceReferenceDate)
      sqlite3_bind_double(insert.handle, 5, journey.duration)
      try file.check(sqlite3_step(insert.handle), SQLITE_DONE, sql: sql)
      sqlite3_reset(insert.handle)
    }
    try file.execute("COMMIT")
  }
  try expect(file.count("journey"), equals: workload.rows, "rows inserted")
  return sample
}

/// The roadtrip schema (created by opening a `JourneyDatabase`: WAL, STRICT, CHECKs, indexes)
/// filled with the rows the store writes, without its Swift layers: a journey row and an insert
/// row of the change log per journey (the store logs its inserts with one statement at the end),
/// one batch row, open with the triggers silent, foreign keys on.
func insertIntoStoreSchemaWithCAPI(_ workload: Workload) throws -> Sample {
  let journeys = GeneratedJourney.generate(count: workload.rows)
  _ = try JourneyDatabase(path: workload.database)
  let file = try SQLiteFile(path: workload.database)
  try file.execute("PRAGMA foreign_keys = ON")
  let insertJourney = """
    INSERT INTO journey (id, name, transportation_type, start_date, duration) VALUES (?, ?, ?, ?, ?)
    """
  let insertChange = "INSERT INTO change (batch, journey, kind) VALUES (?, ?, 'insert')"
  let sample = try Sample.measure {
    try file.execute("BEGIN IMMEDIATE")
    // Open with the triggers silent (state 2), as the store opens its batches.
    try file.execute("INSERT INTO batch (at, origin, state) VALUES (\(Date().timeIntervalSinceReferenceDate), 'benchmarks', 2)")
    let batch = sqlite3_last_insert_rowid(file.handle)
    let journeyStatement = try file.prepare(insertJourney)
    let changeStatement = try file.prepare(insertChange)
    for journey in journeys {
      sqlite3_bind_text(journeyStatement.handle, 1, journey.idText, -1, transient)
      sqlite3_bind_text(journeyStatement.handle, 2, journey.name, -1, transient)
      sqlite3_bind_text(journeyStatement.handle, 3, journey.transportationType.rawValue, -1, transient)
      sqlite3_bind_double(journeyStatement.handle, 4, journey.startDate.timeIntervalSinceReferenceDate)
      sqlite3_bind_double(journeyStatement.handle, 5, journey.duration)
      try file.check(sqlite3_step(journeyStatement.handle), SQLITE_DONE, sql: insertJourney)
      sqlite3_reset(journeyStatement.handle)
      sqlite3_bind_int64(changeStatement.handle, 1, batch)
      sqlite3_bind_text(changeStatement.handle, 2, journey.idText, -1, transient)
      try file.check(sqlite3_step(changeStatement.handle), SQLITE_DONE, sql: insertChange)
      sqlite3_reset(changeStatement.handle)
    }
    try file.execute("UPDATE batch SET state = 0 WHERE id = \(batch)")
    try file.execute("COMMIT")
  }
  try expect(file.count("journey"), equals: workload.rows, "journeys inserted")
  try expect(file.count("change"), equals: workload.rows, "changes recorded")
  return sample
}
