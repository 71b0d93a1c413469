import CSQLiteBench
import Foundation
import GRDB
import JourneyStore

/// Every read variant reads the same file: the roadtrip schema filled with the generated journeys.
extension Variant {
  static let reads: [Variant] = [
    Variant(
      name: "read.c-api", group: .read,
      title: "SQLite C API, `SELECT` in table order (anchor)", measure: { try readWithCAPI($0, order: "") }),
    Variant(
      name: "read.c-api.ordered", group: .read,
      title: "SQLite C API, in `forEachJourney`'s default order (start date, then rowid)",
      measure: { try readWithCAPI($0, order: " ORDER BY start_date, rowid") }),
    Variant(
      name: "read.grdb", group: .read,
      title: "GRDB `Row.fetchCursor`, same `SELECT` as the anchor", measure: readWithGRDB),
    Variant(
      name: "read.store", group: .read,
      title: "JourneyStore `forEachJourney()` (by start date, a new `Journey` per row)",
      measure: { try readWithStore($0, query: JourneyQuery()) }),
    Variant(
      name: "read.store.storage-order", group: .read,
      title: "JourneyStore `forEachJourney(JourneyQuery(sortField: nil))` (table order)",
      measure: { try readWithStore($0, query: JourneyQuery(sortField: nil)) }),
  ]
}

/// What a read saw: a row count to check, and sums over every column so no read can be skipped.
private struct ReadTally {
  var rows = 0
  var textBytes = 0
  var seconds = 0.0

  mutating func add(textBytes: Int, seconds: Double) {
    rows += 1
    self.textBytes += textBytes
    self.seconds += seconds
  }

  func check(_ workload: Workload) throws {
    try expect(rows, equals: workload.rows, "rows read")
    guard textBytes > 0, seconds > 0 else { throw BenchmarkFailure(description: "read no values") }
  }
}

private let selectAll = "SELECT id, name, transportation_type, start_date, duration FROM journey"

private func readWithCAPI(_ workload: Workload, order: String) throws -> Sample {
  let file = try SQLiteFile(path: workload.database)
  let sql = selectAll + order
  var tally = ReadTally()
  let sample = try Sample.measure {
    let select = try file.prepare(sql)
    var code = sqlite3_step(select.handle)
    while code == SQLITE_ROW {
      var textBytes = 0
      for column: Int32 in 0...2 {
        guard sqlite3_column_text(select.handle, column) != nil else { continue }
        textBytes += Int(sqlite3_column_bytes(select.handle, column))
      }
      let seconds = sqlite3_column_double(select.handle, 3) + sqlite3_column_double(select.handle, 4)
      tally.add(textBytes: textBytes, seconds: seconds)
      code = sqlite3_step(select.handle)
    }
    try file.check(code, SQLITE_DONE, sql: sql)
  }
  try tally.check(workload)
  return sample
}

private func readWithGRDB(_ workload: Workload) throws -> Sample {
  let queue = try DatabaseQueue(path: workload.database)
  var tally = ReadTally()
  let sample = try Sample.measure {
    try queue.read { db in
      let rows = try Row.fetchCursor(db, sql: selectAll)
      while let row = try rows.next() {
        let id: String = row[0]
        let name: String = row[1]
        let type: String = row[2]
        let startDate: Double = row[3]
        let duration: Double = row[4]
        tally.add(textBytes: id.utf8.count + name.utf8.count + type.utf8.count, seconds: startDate + duration)
      }
    }
  }
  try tally.check(workload)
  return sample
}

private func readWithStore(_ workload: Workload, query: JourneyQuery) throws -> Sample {
  let database = try JourneyDatabase(path: workload.database)
  var tally = ReadTally()
  let sample = try Sample.measure {
    try database.forEachJourney(query) { journey in
      // The store parsed the id's 36 characters into `journey.id`.
      tally.add(
        textBytes: 36 + journey.name.utf8.count + journey.transportationType.rawValue.utf8.count,
        seconds: journey.startDate.timeIntervalSinceReferenceDate + journey.duration)
    }
  }
  try tally.check(workload)
  return sample
}
