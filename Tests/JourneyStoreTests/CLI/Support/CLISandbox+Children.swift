import Foundation

extension CLISandbox {
  /// Runs `roadtrip` to its end, killing it after `timeout`.
  func runBounded(
    _ arguments: [String], inputFile: String? = nil, environment changes: [String: String] = [:],
    timeout: Duration = .seconds(60)
  ) async throws -> CommandResult {
    try await Child.run(
      RoadtripBinary.path, arguments, environment: environment.merging(changes) { $1 }, inputFile: inputFile, in: folder,
      timeout: timeout)
  }

  /// Starts `roadtrip` without waiting for it.
  func start(
    _ arguments: [String], inputFile: String? = nil, input: FileHandle? = nil,
    environment changes: [String: String] = [:]
  ) throws -> Child {
    try Child(RoadtripBinary.path, arguments, environment: environment.merging(changes) { $1 }, inputFile: inputFile, input: input, in: folder)
  }

  /// The size of a file in bytes, or 0 when it does not exist.
  func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// Fills the database with `count` journeys straight through the `sqlite3` shell (fast, one
  /// statement), after `roadtrip` created it; ids are `00000000-0000-4000-8000-000000000000` on.
  /// The WAL is checkpointed and emptied afterwards.
  func seedQuickly(_ count: Int) async throws {
    let created = try await runBounded(["add", "seed", "--start", "2026-11-21T08:00:00Z"])
    guard created.exitCode == 0 else { throw SetupFailure("roadtrip add: \(created)") }
    let sql = """
      DELETE FROM change; DELETE FROM batch; DELETE FROM journey;
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
      INSERT INTO journey (id, name, transportation_type, start_date, duration)
      SELECT printf('%08x-0000-4000-8000-000000000000', i), 'Journey ' || i, 'car', 815000000 + i * 60, 600 FROM n;
      PRAGMA wal_checkpoint(TRUNCATE);
      """
    // Hundreds of thousands of rows through the journey table's triggers take seconds alone,
    // and minutes while every core runs other suites: set-up is not what a test times.
    let result = try await SQLiteShell.run(
      sql, on: databasePath, busyTimeout: nil, environment: environment, in: folder, timeout: .seconds(600))
    guard result.exitCode == 0 else { throw SetupFailure("sqlite3: \(result)") }
  }

  /// A hash of the database's whole content, its schema and every row of every table, from the
  /// sqlite3 shell (`.sha3sum`): the same hash is the same database, whatever its size, for the
  /// price of one read by a program that is not roadtrip.
  func contentHash() async throws -> String {
    let result = try await SQLiteShell.run(".sha3sum", on: databasePath, environment: environment, in: folder)
    guard result.exitCode == 0, !result.standardOutput.isEmpty else { throw SetupFailure("sqlite3 .sha3sum: \(result)") }
    return result.standardOutput
  }

  /// The id `seedQuickly` gives its journey number `index`.
  static func seededID(_ index: Int) -> String {
    String(format: "%08x-0000-4000-8000-000000000000", index)
  }
}
