import Foundation
import Testing

/// Piped TSV has no header, for `cut`, `awk` and `roadtrip transport -`; `--header` gives it one
/// for the tools that read columns by name (issue 39, item 9), such as the README's
/// `sqlite-utils insert … --tsv`, which reads TSV as Python's csv module does.
@Suite("TSV with a header")
struct TSVHeaderTests {
  static let header = "id\tname\ttransportationType\tstartDate\tduration\tendDate"

  @Test(arguments: [["list", "--format", "tsv", "--header"], ["list", "--header"], ["list", "--header", "--format", "tsv"]])
  func headerWorksOnListAsTSV(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await sandbox.run(arguments).expectSuccess()
    #expect(result.lines.first == Self.header, "\(result)")
    #expect(result.lines.count == 4)
    let plain = try await sandbox.run("list").expectSuccess()
    #expect(plain.lines.count == 3)
    #expect(plain.lines == Array(result.lines.dropFirst()))
  }

  /// The README's pipeline: a reader of named columns gets every journey, the first included.
  @Test func theReadmesPipelineKeepsTheFirstJourney() async throws {
    let readme = try String(contentsOf: ReadmeSetupTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let line = try #require(readme.components(separatedBy: "\n").first { $0.contains("| sqlite-utils insert") })
    #expect(line.hasPrefix("$ roadtrip list --format tsv --header | sqlite-utils insert trips.db trips - --tsv"))
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let listed = try await sandbox.run("list", "--format", "tsv", "--header").expectSuccess()
    let tsv = sandbox.folder.file("listed.tsv")
    try Data(listed.standardOutput.utf8).write(to: URL(fileURLWithPath: tsv))
    let reader = try await Child.run(
      "/usr/bin/python3",
      ["-c", "import csv, sys; print('\\n'.join(r['name'] for r in csv.DictReader(sys.stdin, delimiter='\\t')))"],
      environment: sandbox.environment, inputFile: tsv, in: sandbox.folder)
    #expect(reader.lines == ["Morning run", "Coast road", "Ferry, \"the big one\""], "\(reader)")
  }
}
