import Foundation

extension CLISandbox {
  /// Runs SQL in the sqlite3 shell on the sandbox's database: a real other program that knows
  /// nothing of roadtrip, waiting up to 10 s for a lock as a careful script would.
  func sqlite3(_ sql: String) async throws -> CommandResult {
    try await SQLiteShell.run(sql, on: databasePath, environment: environment, in: folder)
  }
}
