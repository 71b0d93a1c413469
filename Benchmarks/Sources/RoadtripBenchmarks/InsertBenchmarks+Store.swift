import Foundation
import JourneyStore

/// The general API, and the baseline for the import fast path. The `Journey` objects exist
/// before the clock starts, as they would in a program that made them.
func insertWithStore(_ workload: Workload) throws -> Sample {
  let journeys = GeneratedJourney.generate(count: workload.rows).map(\.journey)
  let database = try JourneyDatabase(path: workload.database)
  let sample = try Sample.measure {
    try database.add(contentsOf: journeys)
  }
  try expect(database.count(), equals: workload.rows, "journeys in the store")
  return sample
}

/// The import path `roadtrip import` takes, in-process: the journeys are written as NDJSON to a
/// file before the clock starts (by `JourneyWriter`, as `export` writes them), then read,
/// parsed and inserted.
func importWithStore(_ workload: Workload) throws -> Sample {
  let input = workload.database + ".ndjson"
  defer { try? FileManager.default.removeItem(atPath: input) }
  try writeNDJSON(GeneratedJourney.generate(count: workload.rows), to: input)
  let descriptor = open(input, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { throw BenchmarkFailure(description: "cannot open \(input)") }
  defer { close(descriptor) }
  let database = try JourneyDatabase(path: workload.database)
  var summary = ImportSummary()
  let sample = try Sample.measure {
    summary = try database.importJourneys(from: JourneyReader(descriptor: descriptor, format: .ndjson))
  }
  try expect(summary.inserted, equals: workload.rows, "journeys imported")
  try expect(database.count(), equals: workload.rows, "journeys in the store")
  return sample
}

private func writeNDJSON(_ journeys: [GeneratedJourney], to path: String) throws {
  guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
    throw BenchmarkFailure(description: "cannot create \(path)")
  }
  defer { try? file.close() }
  var pending = ""
  var writer = JourneyWriter(format: .ndjson) { text in
    pending += text
    if pending.utf8.count >= 1 << 20 {
      try file.write(contentsOf: Data(pending.utf8))
      pending = ""
    }
  }
  for journey in journeys { try writer.write(journey.journey) }
  try writer.finish()
  try file.write(contentsOf: Data(pending.utf8))
}
