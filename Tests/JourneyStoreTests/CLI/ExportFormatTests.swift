import Foundation
import Testing

/// `export --output FILE` takes its format from the file's extension, as `import` does, so that
/// `export -o trip.json` and `import trip.json` close the round trip.
@Suite("roadtrip export's format")
struct ExportFormatTests {
  @Test(arguments: [("trip.json", "["), ("trip.csv", "id,name,"), ("trip.ndjson", "{\"id\""), ("trip.jsonl", "{\"id\"")])
  func theExtensionNamesTheFormatAndImportReadsItBack(_ file: String, _ start: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let exported = try await sandbox.run("export", "-o", file)
    exported.expectSuccess()
    let text = String(decoding: sandbox.bytes(of: sandbox.folder.file(file)) ?? Data(), as: UTF8.self)
    #expect(text.hasPrefix(start), "\(text)")
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run("import", file, "--db", copy)
    imported.expectSuccess()
    #expect(try sandbox.records(at: copy) == sandbox.records())
  }

  @Test func aFormatThatContradictsTheExtensionIsRefused() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "-o", "trip.csv", "--format", "json")
    result.expectExit(64)
    #expect(result.standardError.hasPrefix(
      "roadtrip: error: --format json does not match trip.csv's extension, which names csv; change one of them, or leave out --format\n"))
    #expect(!sandbox.exists(sandbox.folder.file("trip.csv")))
  }

  @Test func aFormatForAnUnknownExtensionIsTaken() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("export", "-o", "trip.txt", "--format", "csv").expectSuccess()
    #expect(String(decoding: sandbox.bytes(of: sandbox.folder.file("trip.txt")) ?? Data(), as: UTF8.self).hasPrefix("id,name,"))
    // Without --format, an extension that names no format is refused (ExportTargetTests).
    try await sandbox.run("export", "-o", "trip.data").expectExit(64)
    #expect(!sandbox.exists(sandbox.folder.file("trip.data")))
  }
}
