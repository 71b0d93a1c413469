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
    #expect(exported.exitCode == 0, "\(exported)")
    let text = String(decoding: sandbox.bytes(of: sandbox.folder.file(file)) ?? Data(), as: UTF8.self)
    #expect(text.hasPrefix(start), "\(text)")
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run("import", file, "--db", copy)
    #expect(imported.exitCode == 0, "\(imported)")
    #expect(try sandbox.records(at: copy) == sandbox.records())
  }

  @Test func aFormatThatContradictsTheExtensionIsRefused() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run("export", "-o", "trip.csv", "--format", "json")
    #expect(result.exitCode == 64)
    #expect(result.standardError.hasPrefix(
      "roadtrip: error: --format json does not match trip.csv's extension, which names csv; change one of them, or leave out --format\n"))
    #expect(!sandbox.exists(sandbox.folder.file("trip.csv")))
  }

  @Test func aFormatForAnUnknownExtensionIsTaken() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await sandbox.run("export", "-o", "trip.txt", "--format", "csv").exitCode == 0)
    #expect(String(decoding: sandbox.bytes(of: sandbox.folder.file("trip.txt")) ?? Data(), as: UTF8.self).hasPrefix("id,name,"))
    // Without --format, an extension that names no format is refused (ExportTargetTests).
    #expect(try await sandbox.run("export", "-o", "trip.data").exitCode == 64)
    #expect(!sandbox.exists(sandbox.folder.file("trip.data")))
  }
}
