import Foundation

/// The sqlite3 shell: a real other program that knows nothing of roadtrip, writing a database as
/// a person's script would (its writes go through the journey table's triggers).
enum SQLiteShell {
  static let path = "/usr/bin/sqlite3"

  /// Runs SQL in the shell on a database file.
  /// - Parameters:
  ///   - options: The shell's options, such as `-csv`.
  ///   - busyTimeout: How long the shell waits for a lock (`.timeout`), as a careful script
  ///     would; `nil` for not at all.
  ///   - environment: Its whole environment; `nil` inherits the test process's.
  ///   - folder: Where its output is kept (`Child`).
  ///   - timeout: How long it may run before it is killed (`nil`: as long as it takes).
  static func run(
    _ sql: String, on database: String, options: [String] = [], busyTimeout: Duration? = .seconds(10),
    environment: [String: String]? = nil, in folder: TemporaryFolder? = nil, timeout: Duration? = .seconds(60)
  ) async throws -> CommandResult {
    try await Child.run(
      path, arguments(sql, database, options, busyTimeout), environment: environment, in: folder, timeout: timeout)
  }

  /// `run` for a test that does not `await`: blocks its thread meanwhile.
  static func runBlocking(
    _ sql: String, on database: String, options: [String] = [], busyTimeout: Duration? = .seconds(10),
    environment: [String: String]? = nil, in folder: TemporaryFolder? = nil
  ) throws -> CommandResult {
    try Child.runBlocking(
      path, arguments(sql, database, options, busyTimeout), environment: environment, in: folder)
  }

  private static func arguments(
    _ sql: String, _ database: String, _ options: [String], _ busyTimeout: Duration?
  ) -> [String] {
    let wait = busyTimeout.map { ["-cmd", ".timeout \(Int($0 / .milliseconds(1)))"] } ?? []
    return options + wait + [database, sql]
  }
}
