import Foundation
import Testing
@testable import JourneyStore

/// P6 in small: eight `roadtrip` processes edit one database at once, with the default busy
/// timeout. Every command must succeed, every edit must be in the change log (one `update` row
/// per changed field, one batch per command), and the final state must be what the last writes
/// say. `scripts/p6-concurrent-edits.py` runs the full 8 × 200 and reports the throughput.
@Suite("Reliability: eight processes editing at once", .serialized)
struct ConcurrentEditTests {
  static let writers = 8
  static let editsPerWriter = 20

  /// One edit a writer makes, and what the change log must record for it.
  struct Edit {
    var arguments: [String]
    var journey: String
    var field: String
    var value: DatabaseValue
  }

  @Test func differentJourneys() async throws {
    let sandbox = try CLISandbox()
    let ids = (0..<Self.writers).map(Self.id)
    try sandbox.seed(ids.map { Journey(id: UUID(uuidString: $0)!, name: "Seed", duration: 0) })
    let plans = ids.enumerated().map { writer, id in
      (0..<Self.editsPerWriter).map { edit in
        Edit(arguments: ["set", id, "name=w\(writer)-\(edit)"], journey: id, field: "name", value: .text("w\(writer)-\(edit)"))
      }
    }
    try await Self.runAndCheck(plans, in: sandbox)
  }

  @Test func differentFieldsOfTheSameJourney() async throws {
    let sandbox = try CLISandbox()
    let ids = [Self.id(0), Self.id(1)]
    try sandbox.seed(ids.map {
      Journey(id: UUID(uuidString: $0)!, name: "Seed", transportationType: .car, startDate: SampleJourneys.morning, duration: 0)
    })
    let types = TransportationType.allCases.filter { $0 != .car } + [.car]
    var plans: [[Edit]] = []
    for id in ids {
      plans.append((0..<Self.editsPerWriter).map {
        Edit(arguments: ["set", id, "name=\(id.prefix(8))-\($0)"], journey: id, field: "name", value: .text("\(id.prefix(8))-\($0)"))
      })
      plans.append((0..<Self.editsPerWriter).map {
        Edit(arguments: ["set", id, "duration=\($0 + 1)m"], journey: id, field: "duration", value: .real(Double($0 + 1) * 60))
      })
      plans.append((0..<Self.editsPerWriter).map {
        let date = SampleJourneys.morning.addingTimeInterval(Double($0 + 1) * 3600)
        return Edit(
          arguments: ["set", id, "start=\(Self.iso(date))"], journey: id, field: "startDate",
          value: .real(date.timeIntervalSinceReferenceDate))
      })
      plans.append((0..<Self.editsPerWriter).map {
        let type = types[$0 % types.count]
        return Edit(arguments: ["transport", id, type.rawValue], journey: id, field: "transportationType", value: .text(type.rawValue))
      })
    }
    try await Self.runAndCheck(plans, in: sandbox)
  }

  @Test func theSameField() async throws {
    let sandbox = try CLISandbox()
    let id = Self.id(0)
    try sandbox.seed([Journey(id: UUID(uuidString: id)!, name: "Seed", duration: 0)])
    let plans = (0..<Self.writers).map { writer in
      (0..<Self.editsPerWriter).map { edit in
        Edit(arguments: ["set", id, "name=w\(writer)-\(edit)"], journey: id, field: "name", value: .text("w\(writer)-\(edit)"))
      }
    }
    try await Self.runAndCheck(plans, in: sandbox)
  }

  /// Runs each plan in its own sequence of processes, all plans at once, then checks the commands,
  /// the change log and the final state.
  static func runAndCheck(_ plans: [[Edit]], in sandbox: CLISandbox) async throws {
    let seedBatches = try sandbox.batchCount()
    let before = try sandbox.records()
    let results = try await withThrowingTaskGroup(of: [CommandResult].self) { group in
      for plan in plans {
        group.addTask {
          var results: [CommandResult] = []
          for edit in plan {
            results.append(try await sandbox.runBounded(edit.arguments, timeout: .seconds(60)))
          }
          return results
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    let edits = plans.flatMap { $0 }
    // Every command succeeded, silently: no "database is locked".
    let failures = results.filter { $0.exitCode != 0 || !$0.standardError.isEmpty }
    #expect(results.count == edits.count)
    #expect(failures.isEmpty, "\(failures.count) of \(results.count) failed, such as \(failures.first.map(String.init(describing:)) ?? "")")

    let changes = try Fixtures.changes(in: sandbox.databasePath).filter { $0.batch > seedBatches }
    // One batch per command, each holding exactly one update row.
    #expect(try sandbox.batchCount() == seedBatches + Int64(edits.count))
    #expect(changes.count == edits.count)
    #expect(changes.allSatisfy { $0.kind == "update" })
    #expect(Set(changes.map(\.batch)).count == edits.count)

    // Per journey and field: the values that writer (or those writers) wrote, each exactly once,
    // each writer's in its order; and the log is a chain, each row's old value the previous
    // row's new one: no write was based on a stale read, none was lost.
    let records = try sandbox.records()
    let fields = Set(edits.map { "\($0.journey) \($0.field)" })
    for key in fields {
      let logged = changes.filter { "\($0.journey) \($0.field ?? "")" == key }
      let written = edits.filter { "\($0.journey) \($0.field)" == key }
      #expect(Set(logged.map(\.new).map(Self.normalized)) == Set(written.map(\.value).map(Self.normalized)), "\(key)")
      #expect(logged.count == written.count, "\(key)")
      for plan in plans {
        let mine = plan.filter { "\($0.journey) \($0.field)" == key }.map { Self.normalized($0.value) }
        #expect(logged.map { Self.normalized($0.new) }.filter(mine.contains) == mine, "\(key): a writer's order")
      }
      for (previous, next) in zip(logged, logged.dropFirst()) {
        #expect(Self.normalized(previous.new) == Self.normalized(next.old), "\(key): a broken chain")
      }
      // The final state is the last write.
      let parts = key.split(separator: " ").map(String.init)
      let last = try #require(logged.last)
      let stored = try #require(try Fixtures.row(UUID(uuidString: parts[0])!, in: sandbox.databasePath))
      let index = try #require(JourneyField.all.firstIndex { $0.name == parts[1] })
      #expect(Self.normalized(stored[index]) == Self.normalized(last.new), "\(key)")
    }
    // Fields nobody wrote kept their values.
    for (id, record) in before {
      for key in ["name", "transportationType", "startDate", "duration"] where !fields.contains("\(id) \(key)") {
        #expect(records[id]?[key] == record[key])
      }
    }
    try await sandbox.runBounded(["db", "check"]).expectSuccess()
  }

  static func id(_ index: Int) -> String {
    String(format: "c0c0%04x-0000-4000-8000-000000000000", index)
  }

  static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  /// Numbers as `Double`, whichever way SQLite handed them back.
  static func normalized(_ value: DatabaseValue) -> DatabaseValue {
    value.double.map(DatabaseValue.real) ?? value
  }
}
