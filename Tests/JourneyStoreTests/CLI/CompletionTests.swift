import Foundation
import Testing

/// Shell completion asks roadtrip for the ids of journeys and the fields of `set`, the way the
/// generated scripts do: `roadtrip ---completion COMMAND -- positional@0 WORD CURSOR WORDS...`.
@Suite("Completion of ids and fields")
struct CompletionTests {
  private func complete(_ sandbox: CLISandbox, _ command: String, _ words: [String], at index: Int) async throws -> [String] {
    let result = try await sandbox.run(["---completion", command, "--", "positional@0", "\(index)", "\(words[index].count)"] + words)
    #expect(result.exitCode == 0, "\(result)")
    return result.lines.filter { !$0.isEmpty }
  }

  @Test func idsOfJourneysInTheDatabase() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await complete(sandbox, "show", ["roadtrip", "show", "aaaa"], at: 2).sorted() == [SampleJourneys.coastID, SampleJourneys.runID])
    #expect(try await complete(sandbox, "delete", ["roadtrip", "delete", "aaaa1", "bb"], at: 3) == [SampleJourneys.ferryID])
    let other = sandbox.folder.file("other.sqlite")
    #expect(try await complete(sandbox, "show", ["roadtrip", "show", "aaaa", "--db", other], at: 2).isEmpty)
    #expect(!sandbox.exists(other))
  }

  @Test func fieldsAndIdsForSetAndTypesForTransport() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "d"], at: 3) == ["duration="])
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "e"], at: 3) == ["endDate=", "end="])
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "bb"], at: 2) == [SampleJourneys.ferryID])
    #expect(try await complete(sandbox, "transport", ["roadtrip", "transport", "aaaa1", "b"], at: 3) == ["bike", "bus", SampleJourneys.ferryID])
  }
}
