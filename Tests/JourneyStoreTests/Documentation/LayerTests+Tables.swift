import Foundation
import Testing

/// ARCHITECTURE.md's owners of the tables, checked against the code: a table's name appears in
/// SQL only in the folders that own it, and in the schema's files (`Persistence/Schema.swift` and
/// the frozen migrations, `Persistence/Schema+Version*.swift`), which create every table.
extension LayerTests {
  /// Each table of roadtrip's schema, and the folders whose SQL may name it. A folder's sub-folders
  /// count as the folder.
  static let tableOwners: [String: Set<String>] = {
    var owners: [String: Set<String>] = [
      // The journey table: read by Persistence/ (queries, rows), written by History/'s `Batch`,
      // read by its undo and its ranges.
      "journey": ["Persistence", "History"],
      // The log: every statement on it is History/'s.
      "batch": ["History"], "change": ["History"], "change_range": ["History"], "log_horizon": ["History"],
      // Kept by the triggers alone.
      "journey_replaced": [],
      // Tables a migration makes and drops in its own transaction.
      "batch_v3": [], "change_v3": [], "journey_v5": [],
    ]
    for table in [
      "sync_replica", "sync_remote", "sync_seen", "sync_sent", "sync_register", "sync_register_v8",
      "sync_conflict", "sync_held",
    ] {
      owners[table] = ["Sync"]
    }
    return owners
  }()

  /// Whether a file is one of the schema's, which may name every table.
  static func isSchema(_ source: Source) -> Bool {
    source.folder == "Persistence"
      && (source.name == "Schema.swift" || source.name.hasPrefix("Schema+Version"))
  }

  /// The tables each file names in SQL: after `FROM`, `JOIN`, `INTO`, `UPDATE`, `TABLE`, `ON`,
  /// `EXISTS` or `REFERENCES`, or as a quoted name (`sqlite_sequence WHERE name = 'batch'`).
  static func tablesNamed(in source: Source, among tables: some Collection<String>) -> Set<String> {
    let code = withoutComments(source.text)
    return Set(tables.filter { table in
      code.range(
        of: "(?:\\b(?:FROM|JOIN|INTO|UPDATE|TABLE|ON|EXISTS|REFERENCES)\\s+\"?\(table)|'\(table)')(?![\\w'])",
        options: .regularExpression) != nil
    })
  }

  @Test func everyTableIsOwned() throws {
    let sources = try Self.sources(of: .library)
    let created = Set(
      sources.filter(Self.isSchema).flatMap { source in
        source.text.matches(of: /CREATE TABLE (\w+)|RENAME TO (\w+)/).map { String($0.1 ?? $0.2 ?? "") }
      })
    #expect(created.count > 10, "the schema's tables were not found")
    #expect(created == Set(Self.tableOwners.keys), "tables without an owner, or owners of no table")
  }

  @Test func aTableIsNamedInSQLOnlyByItsOwners() throws {
    var wrong: [String] = []
    for source in try Self.sources(of: .library) + Self.sources(of: .commandLine) where !Self.isSchema(source) {
      let layer = String(source.folder.split(separator: "/").first ?? "")
      for table in Self.tablesNamed(in: source, among: Self.tableOwners.keys).sorted()
      where !Self.tableOwners[table, default: []].contains(layer) {
        wrong.append("\(source.folder)/\(source.name) names \(table), which is not its folder's")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: "\n"))")
  }

  /// The check above finds the uses it is for: the log's reader names the log, sync its tables.
  @Test func theTableCheckSeesTheTablesNamed() throws {
    let sources = try Self.sources(of: .library)
    let changeLog = try #require(sources.first { $0.name == "ChangeLog.swift" })
    #expect(Self.tablesNamed(in: changeLog, among: Self.tableOwners.keys).isSuperset(of: ["batch", "log_horizon"]))
    let replica = try #require(sources.first { $0.name == "ReplicaState.swift" })
    #expect(Self.tablesNamed(in: replica, among: Self.tableOwners.keys).contains("sync_replica"))
    #expect(!Self.tablesNamed(in: replica, among: Self.tableOwners.keys).contains("sync_register"))
  }
}
