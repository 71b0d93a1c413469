import Foundation
import Testing
@testable import JourneyStore

/// The DocC article "The database file" (Sources/JourneyStore/JourneyStore.docc) is the schema of
/// a new database: its SQL, run into an empty file, makes exactly the objects a new database has,
/// each with the text SQLite holds for it.
@Suite("The database file article")
struct DatabaseFileArticleTests {
  /// The article's SQL: every `sql` code block, in the page's order.
  static func articleSQL() throws -> String {
    var root = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      root.deleteLastPathComponent()
    }
    let page = try String(
      contentsOf: root.appendingPathComponent("Sources/JourneyStore/JourneyStore.docc/TheDatabaseFile.md"),
      encoding: .utf8)
    var blocks: [String] = []
    var block: [Substring]?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```sql" {
        block = []
      } else if line == "```", let finished = block {
        blocks.append(finished.joined(separator: "\n"))
        block = nil
      } else {
        block?.append(line)
      }
    }
    return blocks.joined(separator: "\n\n")
  }

  @Test func theArticleIsTheSchemaOfANewDatabase() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("new.sqlite"))
    try database.upgradeSchema()
    let created = try FrozenSchemaTests.schema(of: database.connection)

    let page = try Connection(path: folder.file("page.sqlite"), create: true, busyTimeout: .seconds(1))
    try page.execute(Self.articleSQL())
    let written = try FrozenSchemaTests.schema(of: page)

    #expect(created.count > 25, "the new database's objects were not read")
    for (name, sql) in created where written[name] != sql {
      Issue.record("the article differs from a new database at '\(name)'; a new database holds:\n\(sql);")
    }
    #expect(Set(written.keys).subtracting(created.keys).isEmpty, "objects a new database does not have")
  }

  @Test func aNewDatabaseHasNoLeftoverOfAMigration() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("new.sqlite"))
    try database.upgradeSchema()
    for table in Schema.leftovers.keys {
      #expect(try database.connection.firstValue("SELECT 1 FROM sqlite_schema WHERE name = ?", [.text(table)]) == nil)
    }
  }
}
