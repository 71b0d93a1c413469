import Foundation
import GRDB

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
