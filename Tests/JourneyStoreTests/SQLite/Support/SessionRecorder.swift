import CSQLite
import Foundation
@testable import JourneyStore

/// SQLite's own changeset: a session (`sqlite3session_create`, `attach`, `changeset`) records
/// the SQL run on an untyped copy of a table in memory. The oracle `Changeset(table:changes:)`
/// is checked against.
struct SessionRecorder {
  let table: ChangesetTable
  let connection: Connection

  /// A copy of `table` in memory holding `rows`, none of them recorded.
  init(table: ChangesetTable, rows: [[DatabaseValue]] = []) throws {
    self.table = table
    connection = try Connection(path: "oracle", busyTimeout: .seconds(1), inMemory: true)
    let columns = table.columns.map(Self.quoted).joined(separator: ", ")
    let key = table.columns.prefix(table.primaryKeyColumns).map(Self.quoted).joined(separator: ", ")
    let name = Self.quoted(table.name)
    try connection.execute("CREATE TABLE \(name) (\(columns), PRIMARY KEY (\(key)))")
    for row in rows { try run(.insert(row)) }
  }

  /// The changeset a session records while `changes` are made by SQL.
  func record(_ changes: [RowChange]) throws -> Changeset {
    var session: OpaquePointer?
    guard sqlite3session_create(connection.handle, "main", &session) == SQLITE_OK, let session
    else {
      throw SQLiteError(connection: connection.handle)
    }
    defer { sqlite3session_delete(session) }
    guard sqlite3session_attach(session, nil) == SQLITE_OK else {
      throw SQLiteError(connection: connection.handle)
    }
    for change in changes { try run(change) }
    var count: Int32 = 0
    var bytes: UnsafeMutableRawPointer?
    guard sqlite3session_changeset(session, &count, &bytes) == SQLITE_OK else {
      throw SQLiteError(connection: connection.handle)
    }
    defer { sqlite3_free(bytes) }
    return Changeset(
      bytes: bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(count))) } ?? [])
  }

  /// Makes one change by SQL: an INSERT, an UPDATE of the columns it changes, a DELETE.
  private func run(_ change: RowChange) throws {
    let name = Self.quoted(table.name)
    let keys = table.columns.prefix(table.primaryKeyColumns)
    let whereKey = keys.enumerated().map { "\(Self.quoted($1)) IS ?\($0 + 1)" }.joined(
      separator: " AND ")
    switch change {
    case .insert(let values):
      let parameters = values.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
      try connection.run("INSERT INTO \(name) VALUES (\(parameters))", values)
    case .update(let old, let new):
      let changed = new.indices.filter { new[$0] != nil }
      guard !changed.isEmpty else { return }
      let assignments = changed.enumerated().map {
        "\(Self.quoted(table.columns[$1])) = ?\(keys.count + $0 + 1)"
      }
      try connection.run(
        "UPDATE \(name) SET \(assignments.joined(separator: ", ")) WHERE \(whereKey)",
        old.prefix(keys.count).map { $0! } + changed.map { new[$0]! })
    case .delete(let values):
      try connection.run("DELETE FROM \(name) WHERE \(whereKey)", Array(values.prefix(keys.count)))
    }
  }

  private static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
