import Foundation
import Testing
@testable import JourneyStore

@Suite("Changesets: applying to a database file")
struct ChangesetApplyTests {
  let item = ChangesetSamples.item

  /// A database file with the table `item` (a text key, two columns without affinity, which keep
  /// every value as it is) and `rows`.
  private func database(
    in folder: TemporaryFolder, rows: [[DatabaseValue]] = []
  ) throws -> Connection {
    let connection = try Connection(
      path: folder.file("items.sqlite"), create: true, busyTimeout: .seconds(1))
    try connection.execute("CREATE TABLE item (id TEXT PRIMARY KEY NOT NULL, first, second)")
    for row in rows { try connection.run("INSERT INTO item VALUES (?, ?, ?)", row) }
    return connection
  }

  /// Every row of `item` with each value's storage class and bytes, by key.
  private func contents(_ connection: Connection) throws -> [[String]] {
    var rows: [[String]] = []
    let columns = ["id", "first", "second"].map { "typeof(\($0)), hex(\($0)), quote(\($0))" }
    let sql = "SELECT \(columns.joined(separator: ", ")) FROM item ORDER BY id"
    try connection.forEachRow(sql) { row in rows.append((0..<9).map { row.text(at: $0) }) }
    return rows
  }

  private func rows(of connection: Connection) throws -> [[DatabaseValue]] {
    var rows: [[DatabaseValue]] = []
    try connection.forEachRow("SELECT id, first, second FROM item ORDER BY id") { row in
      rows.append((0..<3).map { row.value(at: $0) })
    }
    return rows
  }

  private func noConflict(_ conflict: ChangesetConflict) -> ChangesetConflict.Resolution {
    Issue.record("unexpected conflict \(conflict)")
    return .abort
  }

  @Test func everyValueKindIsAppliedToARealFileAsItIs() throws {
    let folder = try TemporaryFolder()
    let values = ChangesetSamples.values
    let inserted: [[DatabaseValue]] = values.indices.map {
      [.text("row \($0)"), values[$0], values[values.count - 1 - $0]]
    }
    do {
      let connection = try database(in: folder)
      try connection.apply(
        Changeset(table: item, changes: inserted.map(RowChange.insert)), of: item,
        onConflict: noConflict)
    }
    let reopened = try Connection(path: folder.file("items.sqlite"), busyTimeout: .seconds(1))
    #expect(try rows(of: reopened) == inserted.sorted { $0[0].text! < $1[0].text! })
  }

  @Test func invertingThenApplyingRestoresTheTableByteForByte() throws {
    let folder = try TemporaryFolder()
    let values = ChangesetSamples.values
    let connection = try database(
      in: folder,
      rows: values.indices.map { [.text("row \($0)"), values[$0], .integer(Int64($0))] })
    let before = try contents(connection)
    let changes: [RowChange] = values.indices.map { index in
      switch index % 3 {
      case 0:
        .update(
          old: [.text("row \(index)"), values[index], nil],
          new: [nil, values[(index + 5) % values.count], nil])
      case 1: .delete([.text("row \(index)"), values[index], .integer(Int64(index))])
      default: .insert([.text("new \(index)"), values[index], .real(-0.0)])
      }
    }
    let changeset = try Changeset(table: item, changes: changes)
    try connection.apply(changeset, of: item, onConflict: noConflict)
    #expect(try contents(connection) != before)
    try connection.apply(changeset.inverted(), of: item, onConflict: noConflict)
    #expect(try contents(connection) == before)
  }

  @Test func conflictsReachTheHandlerWithTheChangeAndTheRow() throws {
    let folder = try TemporaryFolder()
    let connection = try database(
      in: folder, rows: [[.text("a"), .integer(2), .null], [.text("b"), .null, .null]])
    try connection.execute("""
      CREATE TRIGGER no_nine BEFORE INSERT ON item WHEN NEW.first = 9
      BEGIN SELECT RAISE(ABORT, 'no nine'); END
      """)
    let changes: [RowChange] = [
      .update(old: [.text("a"), .integer(1), nil], new: [nil, .integer(5), nil]),
      .delete([.text("gone"), .null, .null]),
      .insert([.text("b"), .integer(3), .null]),
      .insert([.text("c"), .integer(9), .null]),
    ]
    let changeset = try Changeset(table: item, changes: changes)
    var conflicts: [ChangesetConflict] = []
    try connection.apply(changeset, of: item) { conflict in
      conflicts.append(conflict)
      return conflict.kind == .data ? .replace : .omit
    }
    #expect(
      conflicts == [
        ChangesetConflict(
          kind: .data, change: changes[0], databaseRow: [.text("a"), .integer(2), .null]),
        ChangesetConflict(kind: .notFound, change: changes[1]),
        ChangesetConflict(
          kind: .conflict, change: changes[2], databaseRow: [.text("b"), .null, .null]),
        ChangesetConflict(kind: .constraint, change: changes[3]),
      ])
    #expect(
      try rows(of: connection) == [[.text("a"), .integer(5), .null], [.text("b"), .null, .null]])
  }

  @Test func anAbortedOrFailedApplyLeavesTheDatabaseAsItWas() throws {
    let folder = try TemporaryFolder()
    let connection = try database(in: folder, rows: [[.text("a"), .integer(1), .null]])
    let before = try contents(connection)
    let changeset = try Changeset(
      table: item,
      changes: [
        .insert([.text("b"), .integer(2), .null]),
        .update(old: [.text("a"), .integer(7), nil], new: [nil, .integer(8), nil]),
      ])
    let aborted = try #require(throws: SQLiteError.self) {
      try connection.apply(changeset, of: item) { _ in .abort }
    }
    #expect(aborted.resultCode == .abort)
    #expect(try contents(connection) == before)

    struct Refusal: Error {}
    #expect(throws: Refusal.self) {
      try connection.apply(changeset, of: item) { _ in throw Refusal() }
    }
    #expect(try contents(connection) == before)

    let missing = try Changeset(table: item, changes: [.delete([.text("z"), .null, .null])])
    let misuse = try #require(throws: SQLiteError.self) {
      try connection.apply(missing, of: item) { _ in .replace }
    }
    #expect(misuse.resultCode == .misuse)
    #expect(misuse.message == "a notFound conflict cannot be resolved by replacing")

    // Inside a transaction of the caller's: the changeset is taken back, the transaction stays.
    try connection.execute("BEGIN; INSERT INTO item VALUES ('t', 1, 1)")
    #expect(throws: SQLiteError.self) { try connection.apply(changeset, of: item) { _ in .abort } }
    #expect(connection.isInTransaction)
    try connection.execute("ROLLBACK")
    #expect(try contents(connection) == before)
  }

  @Test func aTableOrChangesetOfAnotherShapeIsRefusedBeforeAnythingIsApplied() throws {
    let folder = try TemporaryFolder()
    let connection = try database(in: folder)
    let changeset = try Changeset(table: item, changes: [.insert([.text("a"), .null, .null])])
    for other in [
      ChangesetTable(name: "elsewhere", columns: item.columns, primaryKeyColumns: 1),
      ChangesetTable(name: "item", columns: ["id", "first", "other"], primaryKeyColumns: 1),
      ChangesetTable(name: "item", columns: item.columns, primaryKeyColumns: 2),
    ] {
      let error = try #require(throws: SQLiteError.self, "\(other)") {
        try connection.apply(changeset, of: other, onConflict: noConflict)
      }
      #expect(error.resultCode == .format)
      #expect(
        error.message.hasPrefix("the database has no table \(other.name) ("), "\(error.message)")
    }
    // The database's table is `item`, the changeset's another: SQLite would skip it silently.
    try connection.execute("CREATE TABLE other (id TEXT PRIMARY KEY, first, second)")
    let otherTable = ChangesetTable(name: "other", columns: item.columns, primaryKeyColumns: 1)
    let foreign = try Changeset(table: otherTable, changes: [.insert([.text("a"), .null, .null])])
    let error = try #require(throws: SQLiteError.self) {
      try connection.apply(foreign, of: item, onConflict: noConflict)
    }
    #expect(error.resultCode == .format)
    // A database table with more columns is one SQLite applies to: the rest take their defaults.
    try connection.execute("ALTER TABLE item ADD COLUMN third DEFAULT 'default'")
    try connection.apply(changeset, of: item, onConflict: noConflict)
    #expect(try connection.firstValue("SELECT third FROM item WHERE id = 'a'") == .text("default"))
    #expect(try rows(of: connection) == [[.text("a"), .null, .null]])
  }
}
