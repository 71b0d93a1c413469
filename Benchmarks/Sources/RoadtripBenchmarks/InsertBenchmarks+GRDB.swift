import Foundation
import GRDB
import JourneyStore

/// A GRDB user's table: the uuid as GRDB stores a `UUID`, a 16-byte blob.
private func makeGRDBTable(at path: String) throws -> DatabaseQueue {
  let queue = try DatabaseQueue(path: path)
  try queue.write { db in
    try db.create(table: "journey") { table in
      table.primaryKey("id", .blob)
      table.column("name", .text).notNull()
      table.column("transportationType", .text).notNull()
      table.column("startDate", .double).notNull()
      table.column("duration", .double).notNull()
    }
  }
  return queue
}

func insertWithGRDBStatement(_ workload: Workload) throws -> Sample {
  let journeys = GeneratedJourney.generate(count: workload.rows)
  let queue = try makeGRDBTable(at: workload.database)
  let sample = try Sample.measure {
    try queue.write { db in
      let insert = try db.makeStatement(sql: """
        INSERT INTO journey (id, name, transportationType, startDate, duration) VALUES (?, ?, ?, ?, ?)
        """)
      for journey in journeys {
        try insert.execute(arguments: [
          journey.id, journey.name, journey.transportationType.rawValue,
          journey.startDate.timeIntervalSinceReferenceDate, journey.duration,
        ])
      }
    }
  }
  try expect(queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM journey") ?? 0 }, equals: workload.rows, "rows inserted")
  return sample
}

func insertWithGRDBRecords(_ workload: Workload) throws -> Sample {
  let records = GeneratedJourney.generate(count: workload.rows).map {
    JourneyRecord(
      id: $0.id, name: $0.name, transportationType: $0.transportationType.rawValue,
      startDate: $0.startDate, duration: $0.duration)
  }
  let queue = try makeGRDBTable(at: workload.database)
  let sample = try Sample.measure {
    try queue.write { db in
      for record in records { try record.insert(db) }
    }
  }
  try expect(queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM journey") ?? 0 }, equals: workload.rows, "rows inserted")
  return sample
}

/// GRDB Codable records into roadtrip's own schema, in the file that `JourneyDatabase` creates
/// (WAL, STRICT, the CHECKs, the TEXT primary key and both secondary indexes of `journey`): the
/// same table the store fills. With `logsChanges`, also one `insert` row of the change log per
/// journey under one batch row, as the store writes them: the store's whole work.
private func insertIntoStoreSchemaWithGRDBRecords(_ workload: Workload, logsChanges: Bool) throws -> Sample {
  let records = GeneratedJourney.generate(count: workload.rows).map {
    StoreSchemaJourneyRecord(
      id: $0.idText, name: $0.name, transportationType: $0.transportationType.rawValue,
      startDate: $0.startDate, duration: $0.duration)
  }
  _ = try JourneyDatabase(path: workload.database)
  let queue = try DatabaseQueue(path: workload.database)
  let sample = try Sample.measure {
    try queue.write { db in
      // A batch open with the triggers silent (state 2), as the store opens its own: without it
      // the journey table's triggers would log every insert as another program's.
      try db.execute(
        sql: "INSERT INTO batch (at, origin, state) VALUES (?, ?, 2)",
        arguments: [Date().timeIntervalSinceReferenceDate, "benchmarks"])
      let batch = db.lastInsertedRowID
      for record in records {
        try record.insert(db)
        if logsChanges { try StoreSchemaChangeRecord(batch: batch, journey: record.id).insert(db) }
      }
      if logsChanges {
        try db.execute(sql: "UPDATE batch SET state = 0 WHERE id = ?", arguments: [batch])
      } else {
        try db.execute(sql: "DELETE FROM batch WHERE id = ?", arguments: [batch])
      }
    }
  }
  try expect(queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM journey") ?? 0 }, equals: workload.rows, "rows inserted")
  try expect(
    queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM change") ?? 0 }, equals: logsChanges ? workload.rows : 0,
    "changes recorded")
  return sample
}

func insertIntoStoreSchemaWithGRDBRecords(_ workload: Workload) throws -> Sample {
  try insertIntoStoreSchemaWithGRDBRecords(workload, logsChanges: false)
}

func insertIntoStoreSchemaWithGRDBRecordsLoggingChanges(_ workload: Workload) throws -> Sample {
  try insertIntoStoreSchemaWithGRDBRecords(workload, logsChanges: true)
}
