import Foundation
import JourneyStore
import Testing

/// Shell completion asks roadtrip for the ids of journeys and the fields of `set`, the way the
/// generated scripts do: `roadtrip ---completion COMMAND -- positional@0 WORD CURSOR WORDS...`.
@Suite("Completion of ids and fields")
struct CompletionTests {
  /// What roadtrip offers for the word at `index`, asked as the completion script of `shell`
  /// asks (`SAP_SHELL`), or with no shell named; zsh's closing pseudo-completion left out.
  private func complete(
    _ sandbox: CLISandbox, _ command: String, _ words: [String], at index: Int, shell: String? = nil
  ) async throws -> [String] {
    let result = try await sandbox.run(
      ["---completion", command, "--", "positional@0", "\(index)", "\(words[index].count)"] + words,
      environment: ["SAP_SHELL": shell])
    result.expectSuccess()
    return result.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
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

  /// zsh and fish show each id with its journey's name, on one line whatever the name holds;
  /// bash, which shows no descriptions, gets the bare ids.
  @Test func idsComeWithTheirNamesInZshAndFish() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let odd = try await JourneyDatabase(path: sandbox.databasePath).add(Journey(name: "Dawn: ride\nhome"))
    let oddID = odd.id.uuidString.lowercased()
    let words = ["roadtrip", "show", "aaaa"]
    #expect(try await complete(sandbox, "show", words, at: 2, shell: "zsh").sorted() == [
      "\(SampleJourneys.coastID):Coast road", "\(SampleJourneys.runID):Morning run",
    ])
    #expect(try await complete(sandbox, "delete", words, at: 2, shell: "fish").sorted() == [
      "\(SampleJourneys.coastID)\tCoast road", "\(SampleJourneys.runID)\tMorning run",
    ])
    #expect(try await complete(sandbox, "edit", ["roadtrip", "edit", oddID], at: 2, shell: "zsh") == [
      "\(oddID):Dawn: ride\\nhome"
    ])
    #expect(try await complete(sandbox, "show", words, at: 2, shell: "bash").sorted() == [
      SampleJourneys.coastID, SampleJourneys.runID,
    ])
  }

  /// After `transportationType=` (or `transport=`, `type=`) `set` offers the eight types: as
  /// whole words to zsh and fish, which keep `transport=b` one word; after the `=` to bash, which
  /// splits the word there.
  @Test func typesAfterTheTypeFieldOfSet() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "transport=b"], at: 3, shell: "zsh") == [
      "transport=bike:Bike", "transport=bus:Bus",
    ])
    let all = try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "transportationType="], at: 3, shell: "fish")
    #expect(all.count == 8 && all.contains("transportationType=light-rail\tLight Rail"), "\(all)")
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "type", "="], at: 4, shell: "bash").count == 8)
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "TYPE", "=", "l"], at: 5, shell: "bash") == [
      "light-rail"
    ])
    #expect(try await complete(sandbox, "set", ["roadtrip", "set", "aaaa1", "name=b"], at: 3, shell: "zsh").isEmpty)
  }

  /// bash's own completion, through the script roadtrip generates: the words bash splits at `=`,
  /// and the ids of the database the command line names.
  @Test func bashCompletesThroughTheGeneratedScript() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    func complete(_ line: [String], current: String, previous: String) async throws -> [String] {
      let words = ([RoadtripBinary.path] + line).map { "'\($0)'" }.joined(separator: " ")
      let script = """
        source <("$0" --generate-completion-script bash)
        COMP_WORDS=(\(words)); COMP_CWORD=\(line.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _roadtrip "$0" '\(current)' '\(previous)'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try await Child.run(
        "/usr/bin/bash", ["-c", script, RoadtripBinary.path], environment: sandbox.environment, in: sandbox.folder)
      result.expectSuccess()
      return result.lines.filter { !$0.isEmpty }
    }
    #expect(try await complete(["set", "aaaa1", "transport", "=", "b"], current: "b", previous: "=") == ["bike", "bus"])
    #expect(try await complete(["show", "bb"], current: "bb", previous: "show") == [SampleJourneys.ferryID])
  }
}
