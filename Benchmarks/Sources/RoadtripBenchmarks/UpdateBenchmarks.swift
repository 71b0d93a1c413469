import CSQLiteBench
import JourneyStore

/// Every update variant works on its own copy of the same file (the roadtrip schema filled with
/// the generated journeys) and edits the same journeys, in the same (random id) order.
extension Variant {
  static let updates: [Variant] = [
    Variant(
      name: "update.c-api", group: .update,
      title: "SQLite C API, one prepared `UPDATE … WHERE id = ?` (anchor)", measure: updateWithCAPI),
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
    let update = try file.prepare(sql)
    sqlite3_bind_text(update.handle, 1, "bike", -1, transient)
    for journey in journeys {
      sqlite3_bind_text(update.handle, 2, journey.idText, -1, transient)
      try file.check(sqlite3_step(update.handle), SQLITE_DONE, sql: sql)
      try expect(Int(sqlite3_changes(file.handle)), equals: 1, "rows updated by one id")
      sqlite3_reset(update.handle)
    }
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
