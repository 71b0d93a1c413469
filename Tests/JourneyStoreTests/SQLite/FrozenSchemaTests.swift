import Foundation
import Testing
@testable import JourneyStore

/// A released migration never changes: the schema every version's migrations write today, object
/// by object and byte for byte (tables, indexes and trigger bodies as `sqlite_schema` holds them),
/// is the schema the code of that version wrote into its fixture.
@Suite("Released migrations are frozen")
struct FrozenSchemaTests {
  /// Every object of roadtrip's schema in a file, by name: its type and its SQL.
  static func schema(of connection: Connection) throws -> [String: String] {
    var objects: [String: String] = [:]
    try connection.forEachRow("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'") { row in
      objects[row.text(at: 1)] = row.text(at: 0) + ": " + row.text(at: 2)
    }
    return objects
  }

  /// A connection to a copy of the fixture of `version` in `folder`.
  static func fixture(_ version: Int64, in folder: TemporaryFolder) throws -> Connection {
    let copy = folder.file("released-v\(version).sqlite")
    let fixture = MigrationTests.fixtures.appendingPathComponent("journeys-v\(version).sqlite").path
    try FileManager.default.copyItem(atPath: fixture, toPath: copy)
    return try Connection(path: copy, readOnly: true, busyTimeout: .seconds(1))
  }

  @Test(arguments: 1...Schema.currentVersion)
  func theMigrationsWriteWhatTheFixtureOfTheirVersionHolds(version: Int64) throws {
    let folder = try TemporaryFolder()
    let fresh = try Connection(path: folder.file("fresh.sqlite"), create: true, busyTimeout: .seconds(1))
    for migration in Schema.migrations.prefix(Int(version)) {
      try fresh.execute(migration)
    }
    let released = try Self.fixture(version, in: folder)
    let expected = try Self.schema(of: released)
    // A table a migration leaves for Swift code to empty (`Schema.leftovers`) is dropped, empty,
    // by the upgrade of a new file: a fixture written since holds none.
    let written = try Self.schema(of: fresh).filter { expected[$0.key] != nil || Schema.leftovers[$0.key] == nil }
    #expect(written.keys.sorted() == expected.keys.sorted())
    for (name, sql) in expected {
      #expect(written[name] == sql, "\(name) changed since version \(version) was released")
    }
  }

  /// The triggers `Schema` expects a file of each version to have are the ones it has.
  @Test(arguments: 1...Schema.currentVersion)
  func theExpectedTriggersAreTheFixturesOwn(version: Int64) throws {
    let folder = try TemporaryFolder()
    let released = try Self.fixture(version, in: folder)
    var triggers: [String: String] = [:]
    try released.forEachRow("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'") { row in
      triggers[row.text(at: 0)] = row.text(at: 1)
    }
    #expect(Schema.triggers(atVersion: version) == triggers)
  }
}
