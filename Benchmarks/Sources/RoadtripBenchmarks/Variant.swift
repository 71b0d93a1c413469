/// What a variant works on: how many journeys the data has, how many of them a batch update
/// edits, and the database file to create, read or update.
struct Workload: Sendable {
  let rows: Int
  let updates: Int
  let database: String
}

/// One way of doing one group's work, measured in a process of its own. Adding a variant is
/// writing one function `(Workload) throws -> Sample` and listing it in its group.
struct Variant: Sendable {
  enum Group: String, CaseIterable, Sendable {
    case insert = "Bulk insert, one transaction, into a new file"
    case read = "Streamed read of every journey, every column"
    case update = "Batch update by id, one transaction (set the transportation type)"
  }

  /// A short, stable name for `--variant`, such as `insert.store`.
  let name: String
  let group: Group
  let title: String
  /// Sets up (untimed), then does the work inside `Sample.measure`, then checks the result (untimed).
  let measure: @Sendable (Workload) throws -> Sample
}

extension Variant {
  static let all: [Variant] = inserts + reads + updates

  static func named(_ name: String) -> Variant? {
    all.first { $0.name == name }
  }

  /// The rows a run of this variant handles.
  func rows(in workload: Workload) -> Int {
    group == .update ? workload.updates : workload.rows
  }
}

/// A benchmark that did not do what it should, such as inserting fewer rows than it was given.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
}

/// Throws unless `actual` is `expected`: a variant that skipped work must not look fast.
func expect(_ actual: Int, equals expected: Int, _ what: String) throws {
  guard actual == expected else {
    throw BenchmarkFailure(description: "\(what): \(actual), expected \(expected)")
  }
}
