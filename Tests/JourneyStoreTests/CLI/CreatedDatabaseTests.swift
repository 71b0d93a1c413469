import Foundation
import Testing

/// The first write to a new path says so on standard error, so that a mistyped `--db` is
/// noticed; a write to an existing database, a failed first write and a quiet command say
/// nothing of it.
@Suite("roadtrip: created PATH")
struct CreatedDatabaseTests {
  @Test func theFirstWriteToANewPathSaysItCreatedTheFile() async throws {
    let sandbox = try CLISandbox()
    let path = sandbox.folder.file("new/journeys.sqllite")
    let first = try await sandbox.run("add", "Coast road", "--db", path).expectSuccess()
    #expect(first.standardError == "roadtrip: created \(path)\n")
    let second = try await sandbox.run("add", "School run", "--db", path).expectSuccess()
    #expect(second.standardError == "")
  }

  @Test func importAndRestoreSayItToo() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let exported = try await sandbox.run("export").expectSuccess()
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run(["import", "--db", copy], input: exported.standardOutput).expectSuccess()
    #expect(imported.standardError.hasPrefix("Imported 3 journeys"))
    #expect(imported.standardError.hasSuffix("roadtrip: created \(copy)\n"), "\(imported)")
    let quiet = try await sandbox.run(["import", "-q", "--db", sandbox.folder.file("quiet.sqlite")], input: exported.standardOutput)
    quiet.expectSuccess()
    #expect(quiet.standardError == "")
    let backup = sandbox.folder.file("backup.sqlite")
    try await sandbox.run("db", "backup", backup).expectSuccess()
    let restored = sandbox.folder.file("restored.sqlite")
    let restore = try await sandbox.run("db", "restore", backup, "--db", restored, "--yes").expectSuccess()
    #expect(restore.standardError.contains("roadtrip: created \(restored)\n"), "\(restore)")
  }

  @Test func aFailedFirstWriteLeavesNoFileAndSaysNothingOfIt() async throws {
    let sandbox = try CLISandbox()
    let path = sandbox.folder.file("journeys.sqllite")
    let failed = try await sandbox.run(["import", "--db", path], input: "{\"name\": 1}\n")
    failed.expectExit(65)
    #expect(!failed.standardError.contains("created"))
    #expect(!sandbox.exists(path))
  }
}
